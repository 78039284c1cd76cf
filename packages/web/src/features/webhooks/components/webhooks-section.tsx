import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MAX_WEBHOOK_ENDPOINTS, webhookUrlInputSchema, type WebhookEventType } from '@citable/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { createWebhook, listWebhooks, WEBHOOKS_QUERY_KEY, type WebhookEndpointCreated } from '../api/webhooks';
import { EventCheckboxes } from './event-checkboxes';
import { NewWebhookSecret } from './new-webhook-secret';
import { WebhookEndpointRow } from './webhook-endpoint-row';

/** What is wrong with the typed address before the server is asked; the server checks the rest (private addresses). */
function urlProblem(url: string): string | null {
  const parsed = webhookUrlInputSchema.safeParse(url);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Enter a URL';
  if (!URL.canParse(parsed.data) || !/^https?:$/.test(new URL(parsed.data).protocol)) return 'Enter a full URL such as https://example.com/webhooks/citable';
  return null;
}

/** Settings' webhooks: add an endpoint (its signing secret shown once), list, enable, test, read the log, delete. */
export function WebhooksSection() {
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: WEBHOOKS_QUERY_KEY, queryFn: listWebhooks });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['audit.completed']);
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const create = useMutation({
    mutationFn: createWebhook,
    onSuccess: (endpoint) => {
      setCreated(endpoint);
      setUrl('');
      setSubmitted(false);
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
    },
  });
  const urlError = submitted ? urlProblem(url) : null;
  const eventsError = submitted && events.length === 0 ? 'Choose at least one event' : undefined;
  // A 400 is about the address (private, not https, unresolvable): it belongs under the field.
  const serverUrlError = create.error instanceof ApiRequestError && create.error.status === 400 ? create.error.message : null;
  const full = (endpoints.data?.length ?? 0) >= MAX_WEBHOOK_ENDPOINTS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (urlProblem(url) || events.length === 0) return;
    create.mutate({ url: url.trim(), events });
  };

  return (
    <div className="space-y-4" data-testid="webhooks-section">
      <p className="text-sm text-slate-600">
        Citable posts signed events to your endpoints when an audit completes, a score drops or your citations change. See{' '}
        <Link to="/docs/webhooks" className="text-primary-700 underline underline-offset-2">
          how to verify them
        </Link>
        .
      </p>
      <form className="space-y-3" noValidate onSubmit={submit} aria-label="Add a webhook endpoint">
        <TextField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          value={url}
          maxLength={2048}
          placeholder="https://example.com/webhooks/citable"
          onChange={(event) => {
            setUrl(event.target.value);
            create.reset();
          }}
          error={urlError ?? serverUrlError ?? undefined}
          aria-invalid={Boolean(urlError ?? serverUrlError)}
          data-testid="webhook-url"
        />
        <EventCheckboxes value={events} onChange={setEvents} error={eventsError} />
        <Button type="submit" disabled={create.isPending || full} data-testid="webhook-create">
          {create.isPending ? <Spinner className="size-4" /> : null}
          Add endpoint
        </Button>
        {full ? <p className="text-xs text-slate-600">You have {MAX_WEBHOOK_ENDPOINTS} endpoints, the most an account can have. Delete one to add another.</p> : null}
      </form>
      {create.isError && !serverUrlError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
      {created ? <NewWebhookSecret created={created} onDone={() => setCreated(null)} /> : null}
      {endpoints.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading endpoints...
        </p>
      ) : endpoints.isError ? (
        <Alert tone="error">{errorMessage(endpoints.error)}</Alert>
      ) : endpoints.data.length === 0 ? (
        <p className="text-sm text-slate-600">No webhook endpoints yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 px-4" aria-label="Webhook endpoints">
          {endpoints.data.map((endpoint) => (
            <WebhookEndpointRow key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </div>
  );
}
