import type { WorkspaceClient } from '@citable/contract';
import { useId } from 'react';

interface ClientPickerProps {
  legend: string;
  clients: readonly WorkspaceClient[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  error?: string;
  /** Hides the legend visually when a table header already names the column. */
  compact?: boolean;
}

/** The clients shared with a client-role member: a group of checkboxes, one per client. */
export function ClientPicker({ legend, clients, value, onChange, disabled, error, compact }: ClientPickerProps) {
  const errorId = useId();
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...value, id] : value.filter((item) => item !== id));
  return (
    <fieldset className="space-y-1.5" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className={compact ? 'sr-only' : 'mb-1.5 text-sm font-medium text-slate-800'}>{legend}</legend>
      {clients.length === 0 ? (
        <p className="text-xs text-slate-600">Add a client in the dashboard's Clients section first.</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          {clients.map((client) => (
            <label key={client.id} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" className="size-4 rounded border-slate-300 accent-primary-600" checked={value.includes(client.id)} onChange={(event) => toggle(client.id, event.target.checked)} />
              {client.name}
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
