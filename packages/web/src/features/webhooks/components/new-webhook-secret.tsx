import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { WebhookEndpointCreated } from '../api/webhooks';

/** The signing secret of an endpoint just added: shown once, with a copy button, until dismissed. */
export function NewWebhookSecret({ created, onDone }: { created: WebhookEndpointCreated; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(created.secret);
    setCopied(true);
  }
  return (
    <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4" data-testid="webhook-secret">
      <p className="text-sm font-medium text-emerald-900">Endpoint added. Copy its signing secret now: it will not be shown again. Your receiver verifies each event's signature with it.</p>
      <div className="mt-2 flex items-center gap-2">
        <code className="block min-w-0 flex-1 truncate rounded-md border border-emerald-200 bg-white px-2 py-1.5 font-mono text-xs text-slate-900">{created.secret}</code>
        <Button size="sm" variant="outline" onClick={() => void copy()} aria-label="Copy the signing secret">
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <Button size="sm" variant="ghost" className="mt-2" onClick={onDone}>
        I have stored it
      </Button>
    </div>
  );
}
