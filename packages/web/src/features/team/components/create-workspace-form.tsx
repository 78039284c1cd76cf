import { workspaceNameSchema } from '@citable/contract';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useCreateWorkspace } from '../hooks/use-team';

/** An agency account names its workspace once; clients and members are added to it afterwards. */
export function CreateWorkspaceForm() {
  const create = useCreateWorkspace();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = workspaceNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data, { onSuccess: (workspace) => toast.show({ type: 'success', title: 'Workspace created', message: `${workspace.name} is ready. Add clients, then invite your team.` }) });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-4" data-testid="create-workspace-form">
      <p className="text-sm text-slate-700">A workspace holds your clients and the people who work on them. Each member sees what their role allows.</p>
      {create.isError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
      <div className="flex flex-wrap items-end gap-3">
        <TextField label="Workspace name" placeholder="e.g. Northwind Digital" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} error={error} containerClassName="min-w-56 flex-1" />
        <Button type="submit" disabled={create.isPending} data-testid="create-workspace-submit">
          {create.isPending ? 'Creating…' : 'Create workspace'}
        </Button>
      </div>
    </form>
  );
}
