import { canManageMembers, INVITABLE_ROLES, type InvitableRole, type WorkspaceClient, type WorkspaceMember, type WorkspaceRole } from '@citable/contract';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveMember, useUpdateMember } from '../hooks/use-team';
import { ClientPicker } from './client-picker';
import { ROLE_LABELS } from './role-labels';

interface MembersTableProps {
  workspaceId: string;
  members: readonly WorkspaceMember[];
  clients: readonly WorkspaceClient[];
  myRole: WorkspaceRole;
  myUserId: string;
}

/** The team: role select, shared clients for the client role, two-factor state and removal. */
export function MembersTable({ workspaceId, members, clients, myRole, myUserId }: MembersTableProps) {
  const update = useUpdateMember(workspaceId);
  const remove = useRemoveMember(workspaceId);
  const toast = useToast();
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const manage = canManageMembers(myRole);

  const change = (member: WorkspaceMember, body: { role?: InvitableRole; clientIds?: string[] }, done: string) =>
    update.mutate(
      { memberId: member.id, body },
      {
        onSuccess: () => toast.show({ type: 'success', title: 'Member updated', message: done }),
        onError: (error) => toast.show({ type: 'error', title: 'Could not update the member', message: errorMessage(error) }),
      },
    );

  const confirmRemove = () => {
    if (!removing) return;
    const leaving = removing.userId === myUserId;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.show({ type: 'success', title: leaving ? 'You left the workspace' : 'Member removed', message: leaving ? 'Its clients are no longer visible to you.' : `${removing.name || removing.email} no longer has access.` });
        setRemoving(null);
      },
      onError: (error) => toast.show({ type: 'error', title: 'Could not remove the member', message: errorMessage(error) }),
    });
  };

  return (
    <>
      <ScrollRegion label="Workspace members" className="rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm" data-testid="members-table">
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">Member</th>
              <th scope="col" className="px-3 py-2">Role</th>
              <th scope="col" className="px-3 py-2">Two-factor</th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => {
              const isOwner = member.role === 'owner';
              const isMe = member.userId === myUserId;
              // Admins manage everyone but the owner and other admins' promotion to owner; the server has the last word.
              const editable = manage && !isOwner && !isMe;
              const label = member.name || member.email;
              return (
                <tr key={member.id} data-testid="member-row" className="align-top">
                  <td className="px-3 py-2.5">
                    <div className="font-medium text-slate-900">
                      {label}
                      {isMe ? <span className="ml-1 text-xs font-normal text-slate-500">(you)</span> : null}
                    </div>
                    <div className="text-xs text-slate-600">{member.email}</div>
                  </td>
                  <td className="space-y-2 px-3 py-2.5">
                    {editable ? (
                      <select
                        aria-label={`Role of ${label}`}
                        value={member.role}
                        disabled={update.isPending}
                        onChange={(event) => change(member, { role: event.target.value as InvitableRole }, `${label} is now ${ROLE_LABELS[event.target.value as InvitableRole]}.`)}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                      >
                        {INVITABLE_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <span className="text-slate-800">{ROLE_LABELS[member.role]}</span>
                    )}
                    {member.role === 'client' ? (
                      editable ? (
                        <ClientPicker
                          compact
                          legend={`Clients shared with ${label}`}
                          clients={clients}
                          value={member.clientIds}
                          disabled={update.isPending}
                          onChange={(clientIds) => change(member, { clientIds }, `${label} now sees ${clientIds.length} client${clientIds.length === 1 ? '' : 's'}.`)}
                        />
                      ) : (
                        <div className="text-xs text-slate-600">
                          Sees: {clients.filter((client) => member.clientIds.includes(client.id)).map((client) => client.name).join(', ') || 'no client yet'}
                        </div>
                      )
                    ) : null}
                  </td>
                  <td className="px-3 py-2.5">
                    {member.twoFactorEnabled ? (
                      <span className="inline-flex items-center gap-1 text-emerald-800">
                        <ShieldCheck aria-hidden="true" className="size-4" /> On
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-1 text-slate-600">
                        <ShieldOff aria-hidden="true" className="size-4" /> Off
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2.5 text-right">
                    {editable || (isMe && !isOwner) ? (
                      <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setRemoving(member)} aria-label={isMe ? 'Leave the workspace' : `Remove ${label}`}>
                        {isMe ? 'Leave' : 'Remove'}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <Modal
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={removing?.userId === myUserId ? 'Leave the workspace?' : 'Remove member?'}
        description={removing ? (removing.userId === myUserId ? 'You will no longer see its clients.' : `${removing.name || removing.email} loses access to every client at once.`) : undefined}
        testId="remove-member-dialog"
        footer={
          <>
            <Button variant="outline" onClick={() => setRemoving(null)} disabled={remove.isPending} data-autofocus>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmRemove} disabled={remove.isPending} data-testid="remove-member-confirm">
              {remove.isPending ? 'Removing…' : removing?.userId === myUserId ? 'Leave' : 'Remove'}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">Their data stays with the workspace; they can be invited again later.</p>
      </Modal>
    </>
  );
}
