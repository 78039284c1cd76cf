import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { newSiteRow, rowErrors, type SiteRow } from './site-rows';

interface SiteRowsEditorProps {
  /** Singular noun for labels: "Website", "Competitor". */
  noun: string;
  rows: SiteRow[];
  onChange: (rows: SiteRow[]) => void;
  /** Set when the plan caps the rows: Add is disabled with this message. */
  capMessage?: string | null;
  /** Shown under the Add button without disabling it. */
  hint?: string;
  testIdPrefix: string;
}

/**
 * Name and URL rows with add and remove. The last row cannot be removed; errors appear once a
 * field has been left, and are tied to it for screen readers.
 */
export function SiteRowsEditor({ noun, rows, onChange, capMessage, hint, testIdPrefix }: SiteRowsEditorProps) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const lower = noun.toLowerCase();

  const update = (key: string, field: 'name' | 'url', value: string) => onChange(rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const remove = (key: string) => onChange(rows.filter((row) => row.key !== key));
  const add = () => onChange([...rows, newSiteRow()]);
  const touch = (key: string, field: string) => setTouched((current) => ({ ...current, [`${key}:${field}`]: true }));

  return (
    <div className="space-y-4">
      <ul className="space-y-4">
        {rows.map((row, index) => {
          const errors = rowErrors(row);
          const number = index + 1;
          return (
            <li key={row.key} className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
              <div className="mb-3 flex items-center justify-between">
                <p className="text-sm font-semibold text-slate-800">
                  {noun} {number}
                </p>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => remove(row.key)}
                  disabled={rows.length <= 1}
                  aria-label={`Remove ${lower} ${number}`}
                  className="-my-1 text-slate-600"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="hidden sm:inline">Remove</span>
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label={
                    <>
                      <span className="sr-only">{`${noun} ${number} `}</span>Name
                    </>
                  }
                  value={row.name}
                  placeholder={lower === 'website' ? 'My company' : 'Competitor name'}
                  onChange={(event) => update(row.key, 'name', event.target.value)}
                  onBlur={() => touch(row.key, 'name')}
                  error={touched[`${row.key}:name`] ? errors.name : undefined}
                  data-testid={`${testIdPrefix}-name-${index}`}
                  data-autofocus={index === 0 ? true : undefined}
                  autoComplete="off"
                  maxLength={100}
                />
                <TextField
                  label={
                    <>
                      <span className="sr-only">{`${noun} ${number} `}</span>URL
                    </>
                  }
                  type="url"
                  inputMode="url"
                  value={row.url}
                  onChange={(event) => update(row.key, 'url', event.target.value)}
                  onBlur={() => touch(row.key, 'url')}
                  error={touched[`${row.key}:url`] ? errors.url : undefined}
                  data-testid={`${testIdPrefix}-url-${index}`}
                  autoComplete="url"
                  spellCheck={false}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={add} disabled={Boolean(capMessage)} aria-describedby={capMessage || hint ? `${testIdPrefix}-cap` : undefined}>
          <Plus aria-hidden="true" className="size-4" />
          Add {lower}
        </Button>
        {capMessage || hint ? (
          <p id={`${testIdPrefix}-cap`} className="text-sm text-slate-600" data-testid={`${testIdPrefix}-cap`}>
            {capMessage ?? hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
