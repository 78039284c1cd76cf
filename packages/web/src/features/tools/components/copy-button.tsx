import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';

const COPIED_MS = 2000;

/** Copies `text` to the clipboard and says so for two seconds, to sighted and screen-reader users alike. */
export function CopyButton({ text, label = 'Copy', testId }: { text: string; label?: string; testId?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // Clipboard access can be refused (insecure origin, permissions); the text stays selectable.
      setState('failed');
    }
  };

  return (
    <Button variant="outline" size="sm" onClick={copy} data-testid={testId}>
      {state === 'copied' ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Copy aria-hidden="true" className="size-4" />}
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text' : label}</span>
    </Button>
  );
}
