import { z } from 'zod';
import { httpUrlSchema } from './profile';

/**
 * Agency workspaces (issue #11): the HTTP contract shared by the server (workspaces, roll-up,
 * client reporting) and the web app (Team settings, client switcher, Clients section).
 * See /work/shared workspaces plan: a workspace is a better-auth organization; each client of the
 * agency is backed by a data principal whose id owns the client's records.
 */

export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'client'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Roles an invitation (or a role change) may grant: ownership is never handed out. */
export const INVITABLE_ROLES = ['admin', 'member', 'client'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** Header the web app sends with every API call while a client is selected in the switcher. */
export const CLIENT_SCOPE_HEADER = 'x-citable-client';

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return typeof value === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(value);
}

/** Owner and admin invite/remove members, change roles and manage clients. */
export function canManageMembers(role: WorkspaceRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** Same set as member management: creating, renaming and deleting clients. */
export function canManageClients(role: WorkspaceRole | null | undefined): boolean {
  return canManageMembers(role);
}

/** Everyone but the read-only client role may change client data. */
export function canWrite(role: WorkspaceRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin' || role === 'member';
}

/** Every role but client sees every client of the workspace; a client sees only the shared ones. */
export function seesAllClients(role: WorkspaceRole | null | undefined): boolean {
  return canWrite(role);
}

/** Only the owner may require two-factor sign-in of every member. */
export function canRequireTwoFactor(role: WorkspaceRole | null | undefined): boolean {
  return role === 'owner';
}

export interface WorkspaceSummary {
  id: string;
  name: string;
  role: WorkspaceRole;
  requireTwoFactor: boolean;
}

export interface WorkspaceMember {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  clientIds: string[];
  twoFactorEnabled: boolean;
  joinedAt: string;
}

export type WorkspaceInvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface WorkspaceInvitation {
  id: string;
  email: string;
  role: WorkspaceRole;
  clientIds: string[];
  expiresAt: string;
  status: WorkspaceInvitationStatus;
}

export interface WorkspaceClient {
  id: string;
  name: string;
  primaryUrl: string | null;
  createdAt: string;
}

/**
 * A client in the agency's roll-up. Its score is "your score" (contract/your-score.ts): the latest
 * site audit of its primary website, never a page audit; the change is against the newest earlier
 * site audit that read the same pages, and the notes say why a score or a change is missing.
 */
export interface RollupRow {
  clientId: string;
  name: string;
  url: string | null;
  latestScore: number | null;
  previousScore: number | null;
  change: number | null;
  /** When the score's site audit ran. */
  lastAuditAt: string | null;
  openAlerts: number;
  /** Why there is no score although the website was audited (only page audits so far); null otherwise. */
  scoreNote: string | null;
  /** Why there is no change although there is a score (no earlier audit of the same pages); null otherwise. */
  changeNote: string | null;
}

export type RollupSort = 'name' | 'score' | 'change' | 'alerts';

export type ClientReportCadence = 'off' | 'weekly' | 'monthly';

export interface ClientReportSchedule {
  clientId: string;
  cadence: ClientReportCadence;
  recipients: string[];
  template: string;
  format: 'pdf' | 'html';
  nextRunAt: string | null;
  lastSentAt: string | null;
}

export interface ReportShareLink {
  id: string;
  reportId: string;
  /** The link, returned once when the share is created; null in lists (only the token's hash is kept). */
  url: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface InvitationPreview {
  workspaceName: string;
  inviterName: string;
  email: string;
  role: WorkspaceRole;
  expiresAt: string;
}

// ---- Request bodies (validated by the server with these schemas) ----

export const workspaceNameSchema = z.string().trim().min(1, 'Enter a workspace name.').max(100);

export const createWorkspaceSchema = z.object({ name: workspaceNameSchema });
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceSchema>;

export const updateWorkspaceSchema = z
  .object({ name: workspaceNameSchema.optional(), requireTwoFactor: z.boolean().optional() })
  .strict();
export type UpdateWorkspaceBody = z.infer<typeof updateWorkspaceSchema>;

export const createInvitationSchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254),
    role: z.enum(INVITABLE_ROLES),
    clientIds: z.array(z.string().uuid()).max(500).optional(),
  })
  .strict();
export type CreateInvitationBody = z.infer<typeof createInvitationSchema>;

export const acceptInvitationSchema = z.object({ token: z.string().min(1).max(2000) }).strict();

export const updateMemberSchema = z
  .object({ role: z.enum(INVITABLE_ROLES).optional(), clientIds: z.array(z.string().uuid()).max(500).optional() })
  .strict();
export type UpdateMemberBody = z.infer<typeof updateMemberSchema>;

export const clientNameSchema = z.string().trim().min(1, 'Enter a client name.').max(100);

export const createClientSchema = z
  .object({
    name: clientNameSchema,
    /** The client's first website (its name is the client name); more are added in its profile. */
    website: httpUrlSchema,
    /** Competitor URLs; each is named after its host. */
    competitors: z.array(httpUrlSchema).max(25).optional(),
  })
  .strict();
export type CreateClientBody = z.infer<typeof createClientSchema>;

export const updateClientSchema = z.object({ name: clientNameSchema }).strict();

// ---- User-facing error texts (the web app may match on them) ----

export const WORKSPACE_ERRORS = {
  workspaceNotFound: 'Workspace not found',
  clientNotFound: 'Client not found',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  roleForbidden: 'Your role does not allow this.',
  readOnly: 'Your role has read-only access.',
  twoFactorRequired: 'This workspace requires two-factor sign-in. Turn it on in Settings → Security.',
  ownerNeedsTwoFactor: 'Turn on two-factor sign-in for your own account before requiring it of every member.',
  agencyOnly: 'Workspaces are part of the Agency plan. Upgrade to invite a team.',
  alreadyOwnsWorkspace: 'You already own a workspace.',
  invitationInvalid: 'This invitation link is not valid.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationWrongEmail: 'This invitation was sent to another e-mail address.',
  alreadyMember: 'You are already a member of this workspace.',
  ownerCannotBeRemoved: 'The workspace owner cannot be removed.',
  ownerRoleFixed: "The owner's role cannot be changed.",
  unknownClients: 'One or more clients are not part of this workspace.',
} as const;

export const TWO_FACTOR_REQUIRED_CODE = 'TWO_FACTOR_REQUIRED';
