import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiKeyNameSchema } from '@citable/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { API_KEYS_QUERY_KEY, createApiKey, listApiKeys, revokeApiKey, type ApiKeyCreated } from '../api/api-keys';
import { ApiKeyRow } from './api-key-row';
import { NewKeySecret } from './new-key-secret';

/** Settings' API keys: create a named key (its secret shown once), list the active keys, revoke one. */
export function ApiKeysSection() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: API_KEYS_QUERY_KEY, queryFn: listApiKeys });
  const [name, setName] = useState('');
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
  const create = useMutation({
    mutationFn: (keyName: string) => createApiKey(keyName),
    onSuccess: (key) => {
      setCreated(key);
      setName('');
      void refresh();
    },
  });
  const revoke = useMutation({ mutationFn: revokeApiKey, onSuccess: () => void refresh() });
  const nameCheck = apiKeyNameSchema.safeParse(name);

  return (
    <div className="space-y-4" data-testid="api-keys-section">
      <p className="text-sm text-slate-600">
        Keys let your own code and AI assistants use Citable through the{' '}
        <Link to="/docs/api-overview" className="text-primary-700 underline underline-offset-2">
          API
        </Link>{' '}
        and the{' '}
        <Link to="/docs/custom-integrations" className="text-primary-700 underline underline-offset-2">
          MCP server
        </Link>
        , with your plan.
      </p>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (nameCheck.success) create.mutate(nameCheck.data);
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField label="Key name" value={name} maxLength={100} placeholder="e.g. CI or Zapier" onChange={(event) => setName(event.target.value)} />
        </div>
        <Button type="submit" disabled={!nameCheck.success || create.isPending} data-testid="api-key-create">
          {create.isPending ? <Spinner className="size-4" /> : null}
          Create key
        </Button>
      </form>
      {create.isError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
      {revoke.isError ? <Alert tone="error">{errorMessage(revoke.error)}</Alert> : null}
      {created ? <NewKeySecret created={created} onDone={() => setCreated(null)} /> : null}
      {keys.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading keys...
        </p>
      ) : keys.isError ? (
        <Alert tone="error">{errorMessage(keys.error)}</Alert>
      ) : keys.data.length === 0 ? (
        <p className="text-sm text-slate-600">No API keys yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 px-4" aria-label="API keys">
          {keys.data.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} revoking={revoke.isPending && revoke.variables === key.id} onRevoke={() => revoke.mutate(key.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
