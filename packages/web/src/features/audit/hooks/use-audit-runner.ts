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
 */
export function useAuditRunner() {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const [target, setTarget] = useState<AutoAuditTarget | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const run = useAuditRun(runId);

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
