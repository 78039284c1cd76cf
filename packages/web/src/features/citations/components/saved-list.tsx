import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { Panel } from './panel';
import { useScopeAccess } from '../../../hooks/use-scope-access';

interface SavedItem {
  id: string;
  text: string;
}

export interface SavedListProps {
  title: string;
  hint: string;
  placeholder: string;
  queryKey: readonly string[];
  load: (signal?: AbortSignal) => Promise<SavedItem[]>;
  add: (text: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  testId: string;
}

/** Saved prompts or fingerprint phrases: every run uses them besides what the form says. */
export function SavedList({ title, hint, placeholder, queryKey, load, add, remove, testId }: SavedListProps) {
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  // A read-only role (a client of an agency) sees these controls off, with the reason (issue 33).
  const access = useScopeAccess();
  const items = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  const refresh = () => client.invalidateQueries({ queryKey });
  const adding = useMutation({
    mutationFn: add,
    onSuccess: () => {
      setDraft('');
      return refresh();
    },
  });
  const removing = useMutation({ mutationFn: remove, onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim().length >= 3) adding.mutate(draft.trim());
  };
  const error = adding.error ?? removing.error ?? items.error;
  return (
    <Panel title={title} testId={testId}>
      <p className="mb-2 text-sm text-slate-600">{hint}</p>
      <ul className="mb-3 space-y-1">
        {(items.data ?? []).map((item) => (
          <li key={item.id} className="flex items-center justify-between gap-2 text-sm text-slate-800">
            <span className="min-w-0 truncate">{item.text}</span>
            <Button variant="ghost" size="icon" aria-label={`Delete ${item.text}`} onClick={() => removing.mutate(item.id)} disabled={removing.isPending || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="flex items-end gap-2">
        <TextField label={`Add to ${title.toLowerCase()}`} hideLabel placeholder={placeholder} value={draft} onChange={(event) => setDraft(event.target.value)} containerClassName="flex-1" maxLength={300} />
        <Button type="submit" variant="outline" disabled={draft.trim().length < 3 || adding.isPending || access.readOnly} title={access.writeControl.title} aria-describedby={access.writeControl['aria-describedby']}>
          Save
        </Button>
      </form>
      {error ? <p className="mt-2 text-sm text-red-700">{errorMessage(error)}</p> : null}
    </Panel>
  );
}
