import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditRun } from '@citable/contract';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { auditKeys, startAudit } from '../api/audits';
import { rememberAutoAudit, type AuditRequestTarget, type AutoAuditTarget } from '../lib/auto-audit';
import { refreshAfterAudit } from '../lib/refresh-after-audit';
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
    // A start refused because this run was going (409) is no error once the run is followed.
    setStartError(null);
  }, [inFlight, runId]);

  const start = useMutation({
    mutationFn: (next: AuditRequestTarget) => startAudit({ url: next.url, scope: next.scope, ...(next.scope === 'site' && next.maxPages !== undefined ? { maxPages: next.maxPages } : {}) }),
    onMutate: (next) => {
      setStartError(null);
      setTarget({ url: next.url, scope: next.scope });
    },
    onSuccess: (started: AuditRun) => {
      queryClient.setQueryData(auditKeys.run(started.id), started);
      setRunId(started.id);
    },
    onError: (error) => {
      setStartError(errorMessage(error));
      // 409: another audit is running (one at a time). Reading the list again finds it, and it is followed.
      if (error instanceof ApiRequestError && error.status === 409) void queryClient.invalidateQueries({ queryKey: auditKeys.lists });
    },
  });

  const status = run.data?.status;
  useEffect(() => {
    if (status !== 'completed' || !target) return;
    rememberAutoAudit(target);
    // The lists, insights, alerts, history and Competitive Insights all read the new audit.
    void refreshAfterAudit(queryClient);
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
