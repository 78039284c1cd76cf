import { AREAS, canManageMembers, canRequireTwoFactor, planAtLeast, type PlanId, type WorkspaceSummary } from '@citable/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentWorkspace, useWorkspaceClients } from '../../../hooks/use-workspaces';
import { errorMessage } from '../../../lib/api-client';
import { useUiState } from '../../../stores/ui-state';
import { useMembers } from '../hooks/use-team';
import { CreateWorkspaceForm } from './create-workspace-form';
import { InvitationsList } from './invitations-list';
import { InviteForm } from './invite-form';
import { MembersTable } from './members-table';
import { ROLE_LABELS } from './role-labels';
import { TwoFactorRequirement } from './two-factor-requirement';

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center p-6" role="status" aria-label={label}>
      <Spinner className="size-5" />
    </div>
  );
}

/**
 * Settings → Team (issue #11): create the workspace (agency), then members, invitations and the
 * owner's two-factor requirement. Members of someone else's workspace see it whatever their plan.
 */
export function TeamSection({ userId, plan }: { userId: string; plan: PlanId }) {
  const { workspace, isPending, isError, error, refetch } = useCurrentWorkspace();
  const { openBilling, setSettingsOpen } = useUiState();

  if (isPending) return <Loading label="Loading your team" />;
  if (isError)
    return (
      <div className="space-y-2">
        <Alert tone="error">{errorMessage(error)}</Alert>
        <Button variant="outline" size="sm" onClick={refetch}>
          Try again
        </Button>
      </div>
    );
  if (workspace) return <WorkspaceTeam workspace={workspace} userId={userId} />;
  if (planAtLeast(plan, 'agency')) return <CreateWorkspaceForm />;
  return (
    <div className="space-y-3 rounded-xl border border-primary-200 bg-primary-50 p-5" data-testid="team-upgrade">
      <p className="font-semibold text-slate-900">Team access is part of the Agency plan</p>
      <p className="text-sm text-slate-700">Invite colleagues and clients with their own roles, share each client with the people who need it, and require two-factor sign-in for everyone.</p>
      <Button
        onClick={() => {
          setSettingsOpen(false);
          openBilling({ plan: AREAS['team-access'].requiredPlan, feature: AREAS['team-access'].label });
        }}
      >
        See plans
      </Button>
    </div>
  );
}

function WorkspaceTeam({ workspace, userId }: { workspace: WorkspaceSummary; userId: string }) {
  const clientRole = workspace.role === 'client';
  const members = useMembers(workspace.id, !clientRole);
  const clients = useWorkspaceClients(workspace.id);
  const manage = canManageMembers(workspace.role);

  return (
    <div className="space-y-5" data-testid="team-section">
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{workspace.name}</strong> · your role: {ROLE_LABELS[workspace.role]}
        {workspace.requireTwoFactor ? ' · two-factor sign-in required' : ''}
      </p>
      {clientRole ? (
        <p className="text-sm text-slate-600">You see the clients shared with you, read-only. Choose one in the switcher at the top of the dashboard.</p>
      ) : members.isPending ? (
        <Loading label="Loading members" />
      ) : members.isError ? (
        <div className="space-y-2">
          <Alert tone="error">{errorMessage(members.error)}</Alert>
          <Button variant="outline" size="sm" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <MembersTable workspaceId={workspace.id} members={members.data.members} clients={clients.data ?? []} myRole={workspace.role} myUserId={userId} />
          {manage ? (
            <div className="space-y-2">
              <h4 className="text-sm font-semibold text-slate-900">Invite someone</h4>
              <InviteForm workspaceId={workspace.id} clients={clients.data ?? []} />
            </div>
          ) : null}
          <div className="space-y-2">
            <h4 className="text-sm font-semibold text-slate-900">Pending invitations</h4>
            <InvitationsList workspaceId={workspace.id} invitations={members.data.invitations} clients={clients.data ?? []} canRevoke={manage} />
          </div>
        </>
      )}
      {canRequireTwoFactor(workspace.role) ? <TwoFactorRequirement workspace={workspace} /> : null}
    </div>
  );
}
