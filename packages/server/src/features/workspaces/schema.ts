import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { invitation, member, organization, user } from '../../db/auth-schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Agency workspaces (issue #11). The workspace itself, its members and its invitations are
 * better-auth organization tables (auth-schema.ts); these tables hold what the plugin has no
 * field for. See src/workspaces/README.md.
 */

/**
 * One row per workspace. owner_user_id is unique: a user owns at most one workspace, enforced
 * by the database so two concurrent creations cannot both succeed.
 */
export const workspaceSettings = pgTable('workspace_settings', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  ownerUserId: text('owner_user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdAt: at('created_at').defaultNow().notNull(),
});

/**
 * An agency's client. principal_user_id is the data principal: a better-auth user row that can
 * never sign in and whose id is the user_id of every record the client's data lives in. Deleting
 * the principal removes the client row and all that data by cascade.
 */
export const workspaceClients = pgTable(
  'workspace_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    principalUserId: text('principal_user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (table) => [index('workspace_clients_org_idx').on(table.organizationId)],
);

/** The clients shared with a member of role client (other roles see every client). */
export const workspaceMemberClients = pgTable(
  'workspace_member_clients',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => workspaceClients.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.clientId] }), index('workspace_member_clients_client_idx').on(table.clientId)],
);

/** The clients an invitation of role client will share once accepted. */
export const workspaceInvitationClients = pgTable(
  'workspace_invitation_clients',
  {
    invitationId: text('invitation_id')
      .notNull()
      .references(() => invitation.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => workspaceClients.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.invitationId, table.clientId] }), index('workspace_invitation_clients_client_idx').on(table.clientId)],
);
