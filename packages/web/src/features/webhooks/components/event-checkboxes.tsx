import { useId } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@citable/contract';

/** The events an endpoint receives, as a labelled group of checkboxes with their descriptions. */
export function EventCheckboxes({ value, onChange, error }: { value: WebhookEventType[]; onChange: (events: WebhookEventType[]) => void; error?: string }) {
  const id = useId();
  const toggle = (event: WebhookEventType, checked: boolean) => onChange(checked ? WEBHOOK_EVENT_TYPES.filter((type) => type === event || value.includes(type)) : value.filter((type) => type !== event));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">Events</legend>
      {WEBHOOK_EVENT_TYPES.map((event) => (
        <label key={event} className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-0.5 size-4 rounded border-slate-300 accent-primary-600" checked={value.includes(event)} onChange={(change) => toggle(event, change.target.checked)} data-testid={`webhook-event-${event}`} />
          <span>
            <span className="font-medium text-slate-900">{WEBHOOK_EVENT_LABELS[event].label}</span> <code className="font-mono text-xs text-slate-600">{event}</code>
            <span className="block text-xs text-slate-600">{WEBHOOK_EVENT_LABELS[event].description}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
