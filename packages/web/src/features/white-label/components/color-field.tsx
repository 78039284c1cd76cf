import { useId } from 'react';

/** A colour picker with its hex text beside it; either edits the same value. */
export function ColorField({ label, value, fallback, onChange, error }: { label: string; value: string; fallback: string; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input type="color" aria-label={`${label} picker`} value={/^#[0-9a-f]{6}$/i.test(value) ? value : fallback} onChange={(event) => onChange(event.target.value.toUpperCase())} className="h-10 w-12 cursor-pointer rounded-md border border-slate-300 bg-white p-1" />
        <input
          id={id}
          value={value}
          placeholder={fallback}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="block w-32 rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm text-slate-900 shadow-sm focus:border-primary-600 focus:outline-none"
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
