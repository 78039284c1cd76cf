import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUDIT_RUN_MESSAGES, resolveSite, type AuditRun, type MatchableSite } from '@citable/contract';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { auditKeys, fetchRecentAudits, isInFlight, refreshAfterAudit, startAudit, useAuditInFlight, useAuditRun } from '../../audit';

export interface AuditNotice {
  tone: 'info' | 'success' | 'error';
  text: string;
}

/**
 * "Audit now" in Competitive Insights (issue 19). One audit runs at a time per account, so:
 * - the audit in flight, whoever started it (this page, the overview, monitoring, another tab), is
 *   followed: its progress is shown and its status polled every second;
 * - a start refused with 409 says which site is being audited instead of failing, and follows it;
 * - when the followed audit ends, every view that reads audits is refreshed (this one included)
 *   and the page says how it ended.
 */
export function useCompetitiveAudit(userId: string, sites: readonly (MatchableSite & { name: string })[]) {
  const queryClient = useQueryClient();
  const inFlight = useAuditInFlight(userId);
  const [trackedId, setTrackedId] = useState<string | null>(null);
  const [notice, setNotice] = useState<AuditNotice | null>(null);
  const tracked = useAuditRun(trackedId);
  const seenRunning = useRef(new Set<string>());
  const settled = useRef(new Set<string>());

  const nameOf = (url: string | null | undefined) => resolveSite(sites, url)?.name ?? url ?? 'another site';

  const follow = (run: AuditRun) => {
    queryClient.setQueryData(auditKeys.run(run.id), (known: AuditRun | undefined) => known ?? run);
    setTrackedId(run.id);
  };

  // An audit found in flight is followed unless one is followed already.
  const current = inFlight.data ?? null;
  useEffect(() => {
    if (current && current.id !== trackedId && !isInFlight(tracked.data) && !settled.current.has(current.id)) follow(current);
  });

  const run = tracked.data;
  useEffect(() => {
    if (!run) return;
    if (isInFlight(run)) {
      seenRunning.current.add(run.id);
      return;
    }
    if (settled.current.has(run.id)) return;
    settled.current.add(run.id);
    // The audit ended: the scores, the overview's lists, insights and alerts all change with it.
    void refreshAfterAudit(queryClient);
    if (!seenRunning.current.has(run.id)) return;
    const name = nameOf(run.website_url);
    if (run.status === 'completed') setNotice({ tone: 'success', text: AUDIT_RUN_MESSAGES.finished(name, run.result?.overallScore ?? 0) });
    else setNotice({ tone: 'error', text: AUDIT_RUN_MESSAGES.failed(name, run.error) });
  });

  const start = useMutation({
    mutationFn: (url: string) => startAudit({ url, scope: 'site' }),
    onMutate: () => setNotice(null),
    onSuccess: (started) => {
      follow(started);
      // The overview's lists carry the run in flight: they must know of this one.
      void queryClient.invalidateQueries({ queryKey: auditKeys.lists });
    },
    onError: async (error) => {
      if (!(error instanceof ApiRequestError && error.status === 409)) {
        setNotice({ tone: 'error', text: errorMessage(error) });
        return;
      }
      // Another audit is running: name it, and follow it so the page moves on when it ends.
      let running: AuditRun | null = null;
      try {
        running = (await queryClient.fetchQuery({ queryKey: auditKeys.list(userId), queryFn: ({ signal }) => fetchRecentAudits(signal), staleTime: 0 })).current;
      } catch {
        // The message below stands without the name.
      }
      if (running) follow(running);
      setNotice({ tone: 'info', text: AUDIT_RUN_MESSAGES.alreadyRunning(running ? nameOf(running.website_url) : 'another site') });
    },
  });

  const busy = start.isPending || isInFlight(run);
  return {
    /** The audit followed while it runs, with the name of the site it audits. */
    running: run && isInFlight(run) ? { run, name: nameOf(run.website_url) } : null,
    busy,
    notice,
    /** Starts a site audit of `url`; never throws (the outcome is in `notice` and `running`). */
    auditNow: (url: string) => start.mutate(url),
  };
}
