import { eq, sql } from 'drizzle-orm';
import { EMPTY_WHITE_LABEL, type WhiteLabelSettings } from '@citable/contract';
import type { Db } from '../../db/client';
import { whiteLabelSettings } from '../../db/schema';
import { workspaceClients, workspaceSettings } from '../workspaces';

type Row = typeof whiteLabelSettings.$inferSelect;
export type WhiteLabelValues = Omit<WhiteLabelSettings, 'updated_at'>;

function toSettings(row: Row): WhiteLabelSettings {
  return {
    primary_color_hex: row.primaryColorHex,
    secondary_color_hex: row.secondaryColorHex,
    accent_color_hex: row.accentColorHex,
    favicon_url: row.faviconUrl,
    company_name: row.companyName,
    custom_css: row.customCss,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The white-label settings a user's data is shown in (issue 33): their own when they saved any;
 * for an agency's client (a workspace's data principal) without its own, the agency's, which the
 * workspace owner saved on their account. So the agency's brand reaches every client's dashboard,
 * report, share link and e-mail without being set again per client.
 */
export async function brandSettingsRow(db: Db, userId: string): Promise<Row | null> {
  const [own] = await db.select().from(whiteLabelSettings).where(eq(whiteLabelSettings.userId, userId));
  if (own) return own;
  const [agency] = await db
    .select({ settings: whiteLabelSettings })
    .from(workspaceClients)
    .innerJoin(workspaceSettings, eq(workspaceSettings.organizationId, workspaceClients.organizationId))
    .innerJoin(whiteLabelSettings, eq(whiteLabelSettings.userId, workspaceSettings.ownerUserId))
    .where(eq(workspaceClients.principalUserId, userId))
    .limit(1);
  return agency?.settings ?? null;
}

export async function getWhiteLabel(db: Db, userId: string): Promise<WhiteLabelSettings> {
  const row = await brandSettingsRow(db, userId);
  return row ? toSettings(row) : EMPTY_WHITE_LABEL;
}

/** Spec 002 §7.2: upsert by user id. */
export async function saveWhiteLabel(db: Db, userId: string, values: WhiteLabelValues): Promise<WhiteLabelSettings> {
  const columns = {
    primaryColorHex: values.primary_color_hex,
    secondaryColorHex: values.secondary_color_hex,
    accentColorHex: values.accent_color_hex,
    faviconUrl: values.favicon_url,
    companyName: values.company_name,
    customCss: values.custom_css,
  };
  const [row] = await db
    .insert(whiteLabelSettings)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: whiteLabelSettings.userId, set: { ...columns, updatedAt: sql`now()` } })
    .returning();
  return toSettings(row);
}
