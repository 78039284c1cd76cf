import { and, desc, eq, sql } from 'drizzle-orm';
import type { CmsIntegration, CmsItemContent, CmsSyncedItem, CmsType } from '@citable/contract';
import type { Db } from '../../db/client';
import { cmsIntegrations, cmsSyncedItems } from '../../db/schema';
import type { SyncedItemInput } from './types';

type IntegrationRow = typeof cmsIntegrations.$inferSelect;
type ItemRow = typeof cmsSyncedItems.$inferSelect;

/** The browser's view of a connection: the credentials column never leaves this module. */
export function toIntegration(row: IntegrationRow): CmsIntegration {
  return {
    id: row.id,
    cms_type: row.cmsType as CmsType,
    cms_name: row.cmsName,
    site_url: row.siteUrl,
    last_sync_at: row.lastSyncAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toItem(row: ItemRow): CmsSyncedItem {
  return {
    id: row.id,
    integration_id: row.integrationId,
    external_id: row.externalId,
    kind: row.kind as CmsSyncedItem['kind'],
    title: row.title,
    url: row.url,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listIntegrations(db: Db, userId: string): Promise<CmsIntegration[]> {
  const rows = await db.select().from(cmsIntegrations).where(eq(cmsIntegrations.userId, userId)).orderBy(cmsIntegrations.createdAt);
  return rows.map(toIntegration);
}

export async function findIntegration(db: Db, userId: string, type: CmsType): Promise<IntegrationRow | null> {
  const [row] = await db.select().from(cmsIntegrations).where(and(eq(cmsIntegrations.userId, userId), eq(cmsIntegrations.cmsType, type)));
  return row ?? null;
}

/** Connecting again replaces the stored address and credentials (one connection per CMS type). */
export async function saveIntegration(db: Db, userId: string, values: { cmsType: CmsType; cmsName: string; siteUrl: string; credentialsEncrypted: string }): Promise<IntegrationRow> {
  const [row] = await db
    .insert(cmsIntegrations)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: [cmsIntegrations.userId, cmsIntegrations.cmsType],
      set: { cmsName: values.cmsName, siteUrl: values.siteUrl, credentialsEncrypted: values.credentialsEncrypted, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

/** Deletes by id within the user's own rows; false when there is no such row for this user. */
export async function deleteIntegration(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(cmsIntegrations).where(and(eq(cmsIntegrations.id, id), eq(cmsIntegrations.userId, userId))).returning({ id: cmsIntegrations.id });
  return rows.length > 0;
}

/** Replaces the integration's synced items with what the sync just read, in one transaction. */
export async function replaceSyncedItems(db: Db, integration: IntegrationRow, items: SyncedItemInput[]): Promise<IntegrationRow> {
  return db.transaction(async (tx) => {
    await tx.delete(cmsSyncedItems).where(eq(cmsSyncedItems.integrationId, integration.id));
    // The same post can appear twice when it changes between two listing pages; keep one.
    const unique = [...new Map(items.map((item) => [`${item.kind}:${item.externalId}`, item])).values()];
    for (let start = 0; start < unique.length; start += 100) {
      await tx.insert(cmsSyncedItems).values(unique.slice(start, start + 100).map((item) => ({ integrationId: integration.id, userId: integration.userId, ...item })));
    }
    const [updated] = await tx
      .update(cmsIntegrations)
      .set({ lastSyncAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(cmsIntegrations.id, integration.id))
      .returning();
    return updated;
  });
}

export async function listSyncedItems(db: Db, userId: string, integrationId: string): Promise<CmsSyncedItem[]> {
  const rows = await db
    .select()
    .from(cmsSyncedItems)
    .where(and(eq(cmsSyncedItems.userId, userId), eq(cmsSyncedItems.integrationId, integrationId)))
    .orderBy(desc(cmsSyncedItems.updatedAt), cmsSyncedItems.title);
  return rows.map(toItem);
}

export async function getSyncedItem(db: Db, userId: string, itemId: string): Promise<CmsItemContent | null> {
  const [row] = await db.select().from(cmsSyncedItems).where(and(eq(cmsSyncedItems.userId, userId), eq(cmsSyncedItems.id, itemId)));
  return row ? { ...toItem(row), content: row.content } : null;
}

export async function integrationExists(db: Db, userId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: cmsIntegrations.id }).from(cmsIntegrations).where(and(eq(cmsIntegrations.id, id), eq(cmsIntegrations.userId, userId)));
  return row !== undefined;
}
