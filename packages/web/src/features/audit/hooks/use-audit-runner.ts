import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditRun } from '@citable/contract';
import { errorMessage } from '../../../lib/api-client';
import { auditKeys, startAudit } from '../api/audits';
import { rememberAutoAudit, type AutoAuditTarget } from '../lib/auto-audit';
import { isInFlight, useAuditRun } from './use-audit-run';

export type AuditState = 'idle' | 'running' | 'result' | 'error';

/**
 * The overview audit's states (spec 001 §4): idle, running, then result or error. A started run
 * is polled until it finishes; success refreshes the history and sets the auto-audit flag.
 * `inFlight` is a run that was already going when the overview loaded: it is followed, not restarted.
 */
export function useAuditRunner(inFlight: AuditRun | null) {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const [target, setTarget] = useState<AutoAuditTarget | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const run = useAuditRun(runId);

  useEffect(() => {
    if (!inFlight || runId !== null || inFlight.website_url === null) return;
    setTarget({ url: inFlight.website_url, scope: inFlight.scope });
    setRunId(inFlight.id);
  }, [inFlight, runId]);

  const start = useMutation({
    mutationFn: (next: AutoAuditTarget) => startAudit({ url: next.url, scope: next.scope }),
    onMutate: (next) => {
      setStartError(null);
      setTarget(next);
    },
    onSuccess: (started: AuditRun) => {
      queryClient.setQueryData(auditKeys.run(started.id), started);
      setRunId(started.id);
    },
    onError: (error) => setStartError(errorMessage(error)),
  });

  const status = run.data?.status;
  useEffect(() => {
    if (status !== 'completed' || !target) return;
    rememberAutoAudit(target);
    void queryClient.invalidateQueries({ queryKey: auditKeys.lists });
  }, [status, target, queryClient]);

  let state: AuditState = 'idle';
  let error: string | null = startError;
  if (start.isPending || isInFlight(run.data)) state = 'running';
  else if (startError) state = 'error';
  else if (status === 'failed') {
    state = 'error';
    error = run.data?.error ?? null;
  } else if (run.isError) {
    state = 'error';
    error = errorMessage(run.error);
  } else if (status === 'completed') state = 'result';

  return { state, error, run: run.data, runId, start: start.mutate };
}
