import { cn } from '../../../lib/cn';
import type { WebhookAttempt } from '../api/webhooks';

const time = (iso: string) => new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "Delivered: HTTP 204" or "Failed: HTTP 500", in words as well as colour. */
export function AttemptStatus({ attempt }: { attempt: WebhookAttempt }) {
  const ok = attempt.outcome === 'succeeded';
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold', ok ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800')}>
      {ok ? 'Delivered' : 'Failed'}
      {attempt.status_code !== null ? `: HTTP ${attempt.status_code}` : ''}
    </span>
  );
}

/** One attempt of the delivery log: when, which event, which attempt, the outcome and why. */
export function AttemptSummary({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <div className="space-y-1 py-2 text-xs text-slate-700">
      <p className="flex flex-wrap items-center gap-2">
        <AttemptStatus attempt={attempt} />
        <code className="font-mono text-slate-900">{attempt.event_type}</code>
        <span>
          Attempt {attempt.attempt} · {time(attempt.created_at)} · {attempt.duration_ms} ms
        </span>
      </p>
      {attempt.error ? <p className="text-red-800">{attempt.error}</p> : null}
      {attempt.response_excerpt ? (
        <p className="truncate">
          Answer: <code className="font-mono">{attempt.response_excerpt}</code>
        </p>
      ) : null}
    </div>
  );
}

export { time as attemptTime };
