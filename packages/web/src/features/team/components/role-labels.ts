import type { WorkspaceRole } from '@citable/contract';

export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  client: 'Client (read-only)',
};

export const ROLE_HINTS: Record<WorkspaceRole, string> = {
  owner: 'Everything, including two-factor requirements.',
  admin: 'Manages members and clients.',
  member: 'Works on every client; no team management.',
  client: 'Reads only the clients shared with them.',
};
