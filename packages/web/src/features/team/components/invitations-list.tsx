import type { WorkspaceClient, WorkspaceInvitation } from '@citable/contract';
import { useToast } from '../../../components/toast/use-toast';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useRevokeInvitation } from '../hooks/use-team';
import { ROLE_LABELS } from './role-labels';

const expires = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Invitations not yet accepted, each revocable (its link stops working at once). */
export function InvitationsList({ workspaceId, invitations, clients, canRevoke }: { workspaceId: string; invitations: readonly WorkspaceInvitation[]; clients: readonly WorkspaceClient[]; canRevoke: boolean }) {
  const revoke = useRevokeInvitation(workspaceId);
  const toast = useToast();
  // Accepted invitations are members now and revoked ones are gone; expired ones stay until revoked.
  const pending = invitations.filter((invitation) => invitation.status === 'pending' || invitation.status === 'expired');
  if (pending.length === 0) return <p className="text-sm text-slate-600">No pending invitations.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="invitations-list">
      {pending.map((invitation) => {
        const shared = clients.filter((client) => invitation.clientIds.includes(client.id)).map((client) => client.name);
        return (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5 text-sm" data-testid="invitation-row">
            <div className="min-w-0">
              <div className="truncate font-medium text-slate-900">{invitation.email}</div>
              <div className="text-xs text-slate-600">
                {ROLE_LABELS[invitation.role]}
                {shared.length ? ` · ${shared.join(', ')}` : ''} ·{' '}
                {invitation.status === 'expired' ? <span className="font-medium text-amber-800">expired {expires(invitation.expiresAt)}</span> : `expires ${expires(invitation.expiresAt)}`}
              </div>
            </div>
            {canRevoke ? (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                disabled={revoke.isPending}
                aria-label={`Revoke the invitation of ${invitation.email}`}
                onClick={() =>
                  revoke.mutate(invitation.id, {
                    onSuccess: () => toast.show({ type: 'success', title: 'Invitation revoked', message: `The link sent to ${invitation.email} no longer works.` }),
                    onError: (error) => toast.show({ type: 'error', title: 'Could not revoke the invitation', message: errorMessage(error) }),
                  })
                }
              >
                {invitation.status === 'expired' ? 'Remove' : 'Revoke'}
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
