import type { BrandingOptions, ReportDocument } from '@citable/contract';
import type { Db } from '../../db/client';
import { brandSettingsRow } from '../white-label';

/** The product's theme (spec 002 §9), used unless an agency asks for its own colours. */
export const DEFAULT_COLORS = { primary: '#8B5CF6', secondary: '#14B8A6', accent: '#F59E0B' } as const;

const HEX = /^#[0-9a-f]{6}$/i;
// Only images already embedded as data URLs: rendering a report never fetches from the network.
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg);base64,[a-z0-9+/=]+$/i;

export async function resolveBranding(db: Db, userId: string, options: BrandingOptions | undefined): Promise<ReportDocument['branding']> {
  if (!options) return { companyName: null, footerText: null, colors: { ...DEFAULT_COLORS }, logo: null };
  // The agency's white-label settings (spec 002 §3), a client's report included (brandSettingsRow).
  const settings = await brandSettingsRow(db, userId);
  const color = (value: string | null | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);
  const colors = options.customColors
    ? { primary: color(settings?.primaryColorHex, DEFAULT_COLORS.primary), secondary: color(settings?.secondaryColorHex, DEFAULT_COLORS.secondary), accent: color(settings?.accentColorHex, DEFAULT_COLORS.accent) }
    : { ...DEFAULT_COLORS };
  const logo = options.includeLogo && settings?.faviconUrl && EMBEDDED_IMAGE.test(settings.faviconUrl) ? settings.faviconUrl : null;
  return {
    companyName: options.companyName || settings?.companyName || null,
    footerText: options.footerText || null,
    colors,
    logo,
  };
}
