import { useQuery } from '@tanstack/react-query';
import { WEBHOOK_LOG_LIMIT } from '@citable/contract';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { listWebhookAttempts, webhookAttemptsQueryKey } from '../api/webhooks';
import { AttemptSummary } from './attempt-summary';

/** An endpoint's latest attempts, newest first. */
export function DeliveryLog({ endpointId, id }: { endpointId: string; id: string }) {
  const attempts = useQuery({ queryKey: webhookAttemptsQueryKey(endpointId), queryFn: () => listWebhookAttempts(endpointId) });
  return (
    <div id={id} className="mt-2 rounded-lg border border-slate-200 bg-slate-50 px-3" data-testid="webhook-log">
      <h4 className="pt-2 text-xs font-semibold text-slate-600">Delivery log (latest {WEBHOOK_LOG_LIMIT})</h4>
      {attempts.isPending ? (
        <p className="flex items-center gap-2 py-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading deliveries...
        </p>
      ) : attempts.isError ? (
        <Alert tone="error" className="my-2">
          {errorMessage(attempts.error)}
        </Alert>
      ) : attempts.data.length === 0 ? (
        <p className="py-2 text-sm text-slate-600">Nothing delivered yet. Send a test event to try the endpoint.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Delivery attempts">
          {attempts.data.map((attempt) => (
            <li key={attempt.id}>
              <AttemptSummary attempt={attempt} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
