import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

/** Shown in place of the form once the message is sent (spec 000 §4 Contact form). */
export function ContactSent({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen-reader and keyboard users land on the confirmation, not on a removed form.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="flex flex-col items-center rounded-2xl border border-emerald-200 bg-emerald-50 px-6 py-12 text-center">
      <CircleCheck aria-hidden="true" className="size-12 text-emerald-600" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 scroll-mt-24 text-2xl font-bold text-slate-900 focus:outline-none">
        Message Sent!
      </h2>
      <p className="mt-2 max-w-md text-slate-700">Thank you for getting in touch. We reply within 24 hours on business days.</p>
      <Button variant="outline" className="mt-6" onClick={onAnother}>
        Send Another Message
      </Button>
    </div>
  );
}
