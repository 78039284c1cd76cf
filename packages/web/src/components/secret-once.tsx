import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from './ui/button';

interface SecretOnceProps {
  /** What was created and why the secret must be copied now. */
  message: string;
  secret: string;
  /** The copy button's accessible name, e.g. "Copy the API key". */
  copyLabel: string;
  testId: string;
  onDone: () => void;
}

/** A secret the server answers once (an API key, a signing secret): shown with a copy button until the user dismisses it. */
export function SecretOnce({ message, secret, copyLabel, testId, onDone }: SecretOnceProps) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  }
  return (
    <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4" data-testid={testId}>
      <p className="text-sm font-medium text-emerald-900">{message}</p>
      <div className="mt-2 flex items-center gap-2">
        <code className="block min-w-0 flex-1 truncate rounded-md border border-emerald-200 bg-white px-2 py-1.5 font-mono text-xs text-slate-900">{secret}</code>
        <Button size="sm" variant="outline" onClick={() => void copy()} aria-label={copyLabel}>
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
