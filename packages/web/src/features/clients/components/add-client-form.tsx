import { createClientSchema } from '@citable/contract';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useCreateClient } from '../hooks/use-clients';

type Errors = Partial<Record<'name' | 'website' | 'competitors', string>>;

/** Competitor addresses, one per line or separated by commas. */
const splitList = (text: string) =>
  text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Adds a client with its main website and competitors; the client gets its own data from then on. */
export function AddClientForm({ workspaceId, onDone }: { workspaceId: string; onDone: () => void }) {
  const create = useCreateClient(workspaceId);
  const toast = useToast();
  const [name, setName] = useState('');
  const [website, setWebsite] = useState('');
  const [competitors, setCompetitors] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createClientSchema.safeParse({ name, website, competitors: splitList(competitors) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (client) => {
        toast.show({ type: 'success', title: 'Client added', message: `${client.name} is in your client list. Open it to run its first audit.` });
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="add-client-title" data-testid="add-client-form">
      <h3 id="add-client-title" className="font-semibold text-slate-900">
        Add a client
      </h3>
      {create.isError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Client name" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} error={errors.name} data-autofocus autoFocus required />
        <TextField label="Website" type="url" inputMode="url" placeholder="https://client.example.com" value={website} onChange={(event) => setWebsite(event.target.value)} error={errors.website} required />
      </div>
      <TextAreaField
        label="Competitors"
        rows={2}
        placeholder={'https://competitor-one.example.com\nhttps://competitor-two.example.com'}
        hint="Optional. One address per line; your plan's competitor limit applies per client."
        value={competitors}
        onChange={(event) => setCompetitors(event.target.value)}
        error={errors.competitors}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending} data-testid="add-client-submit">
          {create.isPending ? 'Adding…' : 'Add client'}
        </Button>
      </div>
    </form>
  );
}
