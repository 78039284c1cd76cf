import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { SiteEntry, WorkspaceClient } from '@citable/contract';
import type { Db } from '../../db/client';
import { reports, user, userProfiles } from '../../db/schema';
import { documentKey, reportKey, type ReportStorage } from '../reports';
import { workspaceClients } from './schema';
import type { ClientPrincipal } from './access';

/** Data principals have addresses in the reserved .invalid TLD: no mail can ever reach one. */
export const PRINCIPAL_EMAIL_DOMAIN = 'clients.invalid';

export function principalEmail(principalId: string): string {
  return `client-${principalId}@${PRINCIPAL_EMAIL_DOMAIN}`;
}

/** Whether an address is a client principal's (mail senders skip those). */
export function isPrincipalEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${PRINCIPAL_EMAIL_DOMAIN}`);
}

function siteName(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/**
 * Creates a client and its data principal: a user row with no account (so no credential can
 * ever sign it in), and a profile whose onboarding is complete, so the dashboard opens on it
 * directly. Caps are the caller's to check first.
 */
export async function createClient(
  db: Db,
  workspaceId: string,
  input: { name: string; website: string; competitors?: string[] },
  now = new Date(),
): Promise<WorkspaceClient> {
  const principalId = randomUUID();
  const clientId = randomUUID();
  const websites: SiteEntry[] = [{ name: input.name, url: input.website }];
  const competitors: SiteEntry[] = [...new Set(input.competitors ?? [])].map((url) => ({ name: siteName(url), url }));
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id: principalId, name: input.name, email: principalEmail(principalId), emailVerified: false, createdAt: now, updatedAt: now });
    await tx.insert(userProfiles).values({ userId: principalId, websites, competitors, onboardingCompletedAt: now });
    await tx.insert(workspaceClients).values({ id: clientId, organizationId: workspaceId, name: input.name, principalUserId: principalId, createdAt: now });
  });
  return { id: clientId, name: input.name, primaryUrl: input.website, createdAt: now.toISOString() };
}

export async function renameClient(db: Db, client: ClientPrincipal, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(workspaceClients).set({ name }).where(eq(workspaceClients.id, client.clientId));
    await tx.update(user).set({ name }).where(eq(user.id, client.principalUserId));
  });
}

/**
 * Deletes the client's principal; every table keyed by user_id references user with ON DELETE
 * CASCADE, so the client row, its sharing and all its data (profile, audits, alerts, reports,
 * integrations, branding...) go with it.
 */
export async function deleteClient(db: Db, client: ClientPrincipal, storage: ReportStorage, log: { warn(obj: object, msg: string): void }): Promise<void> {
  // Report files live outside the database: note their keys before the rows cascade away.
  const files = await db.select({ id: reports.id, format: reports.format }).from(reports).where(eq(reports.userId, client.principalUserId));
  await db.delete(user).where(eq(user.id, client.principalUserId));
  for (const file of files) {
    for (const key of new Set([reportKey(client.principalUserId, file.id, file.format), documentKey(client.principalUserId, file.id)])) {
      await storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'report file of a deleted client not removed'));
    }
  }
}

/** The API shape, with each client's first website as its primary URL. */
export async function toWorkspaceClients(db: Db, clients: ClientPrincipal[]): Promise<WorkspaceClient[]> {
  if (clients.length === 0) return [];
  const profiles = await db
    .select({ userId: userProfiles.userId, websites: userProfiles.websites })
    .from(userProfiles)
    .where(
      inArray(
        userProfiles.userId,
        clients.map((client) => client.principalUserId),
      ),
    );
  const primary = new Map(profiles.map((profile) => [profile.userId, profile.websites[0]?.url ?? null]));
  return clients.map((client) => ({ id: client.clientId, name: client.name, primaryUrl: primary.get(client.principalUserId) ?? null, createdAt: client.createdAt.toISOString() }));
}
