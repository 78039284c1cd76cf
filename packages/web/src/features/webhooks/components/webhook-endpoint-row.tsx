import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { WEBHOOK_EVENT_LABELS } from '@citable/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { deleteWebhook, sendWebhookTest, updateWebhook, WEBHOOKS_QUERY_KEY, webhookAttemptsQueryKey, type WebhookEndpoint } from '../api/webhooks';
import { AttemptStatus, attemptTime } from './attempt-summary';
import { DeliveryLog } from './delivery-log';
import { EndpointEventsEditor } from './endpoint-events-editor';

/**
 * Who added the endpoint: in an agency's client, each of the team adds their own, and a person who
 * leaves the workspace takes theirs out of service (the server disables them).
 */
function endpointCreator(endpoint: WebhookEndpoint): string {
  return endpoint.created_by ? `Added by ${endpoint.created_by.name} (${endpoint.created_by.email})` : 'Added by a deleted account';
}

/** One endpoint: its address, events, who added it and last delivery; enable, change its events, test, the log, and a delete that asks first. */
export function WebhookEndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const logId = useId();
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
  const toggle = useMutation({ mutationFn: (enabled: boolean) => updateWebhook(endpoint.id, { enabled }), onSuccess: () => void refresh() });
  const remove = useMutation({
    mutationFn: () => deleteWebhook(endpoint.id),
    onSuccess: () => {
      setShowLog(false);
      queryClient.removeQueries({ queryKey: webhookAttemptsQueryKey(endpoint.id) });
      void refresh();
    },
  });
  const test = useMutation({
    mutationFn: () => sendWebhookTest(endpoint.id),
    onSettled: () => void Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: webhookAttemptsQueryKey(endpoint.id) })]),
  });
  const last = endpoint.last_attempt;

  return (
    <li className="py-3" data-testid="webhook-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          <p className="mt-1 text-xs text-slate-600">{endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event].label).join(', ')}</p>
          <p className="mt-1 text-xs break-words text-slate-600" data-testid="webhook-creator">
            {endpointCreator(endpoint)}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            {last ? (
              <>
                Last delivery: <AttemptStatus attempt={last} /> {attemptTime(last.created_at)}
              </>
            ) : (
              'No deliveries yet'
            )}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            role="switch"
            className="size-4 rounded border-slate-300 accent-primary-600"
            checked={endpoint.enabled}
            disabled={toggle.isPending}
            onChange={(event) => toggle.mutate(event.target.checked)}
            aria-label={`Send events to ${endpoint.url}`}
          />
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </label>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={() => test.mutate()} disabled={test.isPending} data-testid="webhook-test">
          {test.isPending ? <Spinner className="size-4" /> : null}
          Send test event
        </Button>
        <Button size="sm" variant="ghost" aria-expanded={editing} onClick={() => setEditing((open) => !open)} data-testid="webhook-edit-events">
          Edit events
        </Button>
        <Button size="sm" variant="ghost" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((open) => !open)}>
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        {confirming ? (
          <span className="flex items-center gap-2">
            <span className="text-sm text-slate-700">Delete this endpoint? It stops receiving events.</span>
            <Button size="sm" variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
              Delete
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
      </div>
      {editing ? <EndpointEventsEditor endpoint={endpoint} onDone={() => setEditing(false)} /> : null}
      {test.isSuccess ? (
        <Alert tone={test.data.outcome === 'succeeded' ? 'success' : 'error'} className="mt-2" testId="webhook-test-result">
          {test.data.outcome === 'succeeded' ? `Test event delivered: HTTP ${test.data.status_code} in ${test.data.duration_ms} ms.` : `Test event failed: ${test.data.error ?? 'no answer'}`}
        </Alert>
      ) : null}
      {test.isError ? (
        <Alert tone="error" className="mt-2">
          {errorMessage(test.error)}
        </Alert>
      ) : null}
      {toggle.isError ? (
        <Alert tone="error" className="mt-2">
          {errorMessage(toggle.error)}
        </Alert>
      ) : null}
      {remove.isError ? (
        <Alert tone="error" className="mt-2">
          {errorMessage(remove.error)}
        </Alert>
      ) : null}
      {showLog ? <DeliveryLog endpointId={endpoint.id} id={logId} /> : null}
    </li>
  );
}
