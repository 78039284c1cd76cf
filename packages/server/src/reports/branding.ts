import { sql } from 'drizzle-orm';
import type { BrandingOptions, ReportDocument } from '@citable/contract';
import type { Db } from '../db/client';

/** The product's theme (spec 002 §9), used unless an agency asks for its own colours. */
export const DEFAULT_COLORS = { primary: '#8B5CF6', secondary: '#14B8A6', accent: '#F59E0B' } as const;

interface WhiteLabelRow {
  primary_color_hex: string | null;
  secondary_color_hex: string | null;
  accent_color_hex: string | null;
  favicon_url: string | null;
  company_name: string | null;
}

const HEX = /^#[0-9a-f]{6}$/i;
// Only images already embedded as data URLs: rendering a report never fetches from the network.
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg);base64,[a-z0-9+/=]+$/i;

/**
 * The agency's white-label settings (spec 002 §3), when that feature's table exists: it belongs to
 * another area of the product and may not be installed yet, in which case the request's own
 * branding options are all there is.
 */
async function whiteLabelSettings(db: Db, userId: string): Promise<WhiteLabelRow | null> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [table] = await rows<{ name: string | null }>(sql`select to_regclass('public.white_label_settings')::text as name`);
  if (!table?.name) return null;
  const [row] = await rows<WhiteLabelRow>(
    sql`select primary_color_hex, secondary_color_hex, accent_color_hex, favicon_url, company_name from white_label_settings where user_id = ${userId} limit 1`,
  );
  return row ?? null;
}

export async function resolveBranding(db: Db, userId: string, options: BrandingOptions | undefined): Promise<ReportDocument['branding']> {
  if (!options) return { companyName: null, footerText: null, colors: { ...DEFAULT_COLORS }, logo: null };
  const settings = await whiteLabelSettings(db, userId);
  const color = (value: string | null | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);
  const colors = options.customColors
    ? { primary: color(settings?.primary_color_hex, DEFAULT_COLORS.primary), secondary: color(settings?.secondary_color_hex, DEFAULT_COLORS.secondary), accent: color(settings?.accent_color_hex, DEFAULT_COLORS.accent) }
    : { ...DEFAULT_COLORS };
  const logo = options.includeLogo && settings?.favicon_url && EMBEDDED_IMAGE.test(settings.favicon_url) ? settings.favicon_url : null;
  return {
    companyName: options.companyName || settings?.company_name || null,
    footerText: options.footerText || null,
    colors,
    logo,
  };
}
