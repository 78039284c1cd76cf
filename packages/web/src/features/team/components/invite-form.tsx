import { createInvitationSchema, INVITABLE_ROLES, INVITATION_TTL_DAYS, type InvitableRole, type WorkspaceClient } from '@citable/contract';
import { Check, Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useInvite } from '../hooks/use-team';
import { ClientPicker } from './client-picker';
import { ROLE_HINTS, ROLE_LABELS } from './role-labels';

/** The link of the invitation just sent, shown once with a copy button (it is not shown again). */
function SentLink({ email, link, onDismiss }: { email: string; link: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Without clipboard access the field below is selectable by hand.
    }
  };
  return (
    <div className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3" role="status" data-testid="invite-sent">
      <p className="text-sm text-emerald-900">
        Invitation e-mailed to <strong>{email}</strong>. You can also send this link yourself; it works once and expires in {INVITATION_TTL_DAYS} days. It is shown only now.
      </p>
      <div className="flex gap-2">
        <input readOnly value={link} aria-label="Invitation link" onFocus={(event) => event.target.select()} className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-2 py-1.5 font-mono text-xs text-slate-800" data-testid="invite-link" />
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** Invite someone by e-mail with a role, and for the client role the clients they may see. */
export function InviteForm({ workspaceId, clients }: { workspaceId: string; clients: readonly WorkspaceClient[] }) {
  const invite = useInvite(workspaceId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [clientIds, setClientIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ email?: string; clientIds?: string }>({});
  const [sent, setSent] = useState<{ email: string; link: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createInvitationSchema.safeParse({ email, role, ...(role === 'client' ? { clientIds } : {}) });
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
    if (role === 'client' && clientIds.length === 0) return setErrors({ clientIds: 'Choose at least one client to share.' });
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: (result) => {
        setSent({ email: result.invitation.email, link: result.link });
        setEmail('');
        setClientIds([]);
      },
    });
  };

  return (
    <div className="space-y-3">
      {sent ? <SentLink email={sent.email} link={sent.link} onDismiss={() => setSent(null)} /> : null}
      <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-4" aria-label="Invite a member" data-testid="invite-form">
        {invite.isError ? <Alert tone="error">{errorMessage(invite.error)}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
          <TextField label="E-mail" type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} data-testid="invite-email" />
          <SelectField label="Role" value={role} onChange={(event) => setRole(event.target.value as InvitableRole)} hint={ROLE_HINTS[role]} data-testid="invite-role">
            {INVITABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </SelectField>
        </div>
        {role === 'client' ? <ClientPicker legend="Shared clients" clients={clients} value={clientIds} onChange={setClientIds} error={errors.clientIds} /> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={invite.isPending} data-testid="invite-submit">
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </div>
  );
}
