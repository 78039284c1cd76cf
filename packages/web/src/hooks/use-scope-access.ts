import { canWrite, WORKSPACE_ERRORS, type WorkspaceRole } from '@citable/contract';
import { useClientScope } from '../stores/client-scope';
import { useCurrentWorkspace } from './use-workspaces';

/** The id of the client banner's line that gives the reason; a disabled control names it with aria-describedby. */
export const READ_ONLY_REASON_ID = 'read-only-reason';

export interface ScopeAccess {
  /** The viewer's role in the workspace whose client is selected; null on their own account. */
  role: WorkspaceRole | null;
  /** The data shown may be read but not changed: the server refuses every write (403). */
  readOnly: boolean;
  /** Why a control that changes data is disabled, shown on the control; null when it is not. */
  reason: string | null;
  /** A client-role member viewing a client: the agency's billing, white-label and plan are not theirs. */
  agencyClientView: boolean;
  /** Props for a control that changes data: disabled, with the reason as its title and description. */
  writeControl: { disabled: boolean; title?: string; 'aria-describedby'?: string };
}

/**
 * What the signed-in person may do in the scope shown (issue 33). The server decides the same from
 * the same facts (`resolveOwnerScope`: a client-role member's writes in a client's scope are 403),
 * so a control that would be refused is disabled with the reason instead of failing on a click.
 */
export function useScopeAccess(): ScopeAccess {
  const { clientId } = useClientScope();
  const { workspace } = useCurrentWorkspace();
  const role = clientId && workspace ? workspace.role : null;
  const readOnly = role !== null && !canWrite(role);
  const reason = readOnly ? WORKSPACE_ERRORS.readOnly : null;
  const writeControl = reason ? { disabled: true, title: reason, 'aria-describedby': READ_ONLY_REASON_ID } : { disabled: false };
  return { role, readOnly, reason, agencyClientView: role === 'client', writeControl };
}
