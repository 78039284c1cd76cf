import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookEventType } from '@citable/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { updateWebhook, WEBHOOKS_QUERY_KEY, type WebhookEndpoint } from '../api/webhooks';
import { EventCheckboxes } from './event-checkboxes';

/** Changes which events an endpoint receives; its address and secret stay. */
export function EndpointEventsEditor({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint.events);
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: () => updateWebhook(endpoint.id, { events }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
      onDone();
    },
  });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The server says the same; checked here so the message stands beside the boxes at once.
    if (events.length === 0) return setMissing(true);
    setMissing(false);
    save.mutate();
  }
  return (
    <form className="mt-2 space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3" onSubmit={submit} noValidate data-testid="webhook-events-editor">
      <EventCheckboxes value={events} onChange={setEvents} error={missing ? 'Choose at least one event' : undefined} />
      <div className="flex gap-2">
        <Button size="sm" type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4" /> : null}
          Save events
        </Button>
        <Button size="sm" variant="ghost" type="button" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
      {save.isError ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
    </form>
  );
}
