import type { WebhookEndpointCreated } from '../api/webhooks';
import { SecretOnce } from '../../../components/secret-once';

/** The signing secret of an endpoint just added: shown once, with a copy button, until dismissed. */
export function NewWebhookSecret({ created, onDone }: { created: WebhookEndpointCreated; onDone: () => void }) {
  return (
    <SecretOnce
      message="Endpoint added. Copy its signing secret now: it will not be shown again. Your receiver verifies each event's signature with it."
      secret={created.secret}
      copyLabel="Copy the signing secret"
      testId="webhook-secret"
      onDone={onDone}
    />
  );
}
