import { CONTACT_HONEYPOT_FIELD, CONTACT_SUBJECT_LABELS, CONTACT_SUBJECTS, type ContactRequest, type ContactSubject } from '@citable/contract';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useSession } from '../../../hooks/use-session';
import { sendContactMessage } from '../api/send-contact-message';

/** Fills an empty field; what the visitor already typed is never replaced. */
function prefill(form: HTMLFormElement, name: string, value: string) {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLInputElement && field.value === '' && value) field.value = value;
}

function readForm(form: HTMLFormElement): ContactRequest {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    name: text('name'),
    email: text('email'),
    company: text('company'),
    website: text('website'),
    subject: text('subject') as ContactSubject,
    message: text('message'),
    consent: data.get('consent') === 'on',
    [CONTACT_HONEYPOT_FIELD]: text(CONTACT_HONEYPOT_FIELD),
  } as ContactRequest;
}

/**
 * The contact form. The browser checks it (required, e-mail and URL types, spec 000 §5); the
 * server checks again and its message is shown when it refuses (e.g. the hourly limit).
 */
export function ContactForm({ onSent }: { onSent: () => void }) {
  const mutation = useMutation({ mutationFn: sendContactMessage, onSuccess: onSent });
  const submitting = mutation.isPending;
  // A signed-in visitor's name and e-mail are filled in once the session is known (after
  // hydration: the pre-rendered form is the signed-out one), and stay editable.
  const { data: user } = useSession();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!form.current || !user) return;
    prefill(form.current, 'name', user.name);
    prefill(form.current, 'email', user.email);
  }, [user]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.mutate(readForm(event.currentTarget));
  }

  return (
    <form ref={form} onSubmit={submit} className="space-y-5" aria-label="Contact form">
      {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" required maxLength={200} />
        <TextField label="E-mail" name="email" type="email" autoComplete="email" required maxLength={320} />
        <TextField label="Company (optional)" name="company" autoComplete="organization" maxLength={200} />
        <TextField label="Website (optional)" name="website" type="url" autoComplete="url" placeholder="https://example.com" maxLength={2048} />
      </div>
      <SelectField label="Subject" name="subject" required defaultValue="">
        <option value="" disabled>
          Select a subject
        </option>
        {CONTACT_SUBJECTS.map((subject) => (
          <option key={subject} value={subject}>
            {CONTACT_SUBJECT_LABELS[subject]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Message" name="message" rows={6} required maxLength={5000} />
      {/* Spam trap: people never see or reach it; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={CONTACT_HONEYPOT_FIELD}>Leave this field empty</label>
        <input id={CONTACT_HONEYPOT_FIELD} name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="flex items-start gap-3">
        <input id="contact-consent" name="consent" type="checkbox" required className="mt-1 size-4 rounded border-slate-300 accent-primary-600" />
        <label htmlFor="contact-consent" className="text-sm text-slate-700">
          I agree that Citable may use these details to answer my message, as described in the{' '}
          <Link to="/privacy-policy" className="font-medium text-primary-700 underline underline-offset-2">
            Privacy Policy
          </Link>
          .
        </label>
      </div>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        <Send aria-hidden="true" className="size-4" />
        {submitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
