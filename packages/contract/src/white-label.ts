/**
 * White-label theming for agencies (spec 002 §3 White-label settings, §9 Theme defaults). The field
 * names are the table's columns, which the reports read directly.
 */
import { z } from 'zod';

/** The product's own theme (spec 002 §9), used wherever a setting is empty. */
export const THEME_DEFAULTS = { primary: '#8B5CF6', secondary: '#14B8A6', accent: '#F59E0B' } as const;

/** The class custom CSS rules are scoped under; the dashboard root carries it. */
export const BRAND_SCOPE_CLASS = 'citable-brand';
export const CUSTOM_CSS_MAX_CHARS = 10_000;

export const WHITE_LABEL_MESSAGES = {
  hex: 'Use a hex colour such as #8B5CF6',
  httpsOnly: 'The favicon must be an https:// URL',
  saved: 'White-label settings saved',
  saveFailed: 'Failed to save white-label settings',
  upgrade: 'Upgrade to Agency',
} as const;

const hex = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, WHITE_LABEL_MESSAGES.hex)
  .transform((value) => value.toUpperCase());
// Absent, null and empty all mean "not set": the form sends empty inputs as they are.
const optional = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal('').transform(() => null), z.null()]).optional();

const httpsUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', WHITE_LABEL_MESSAGES.httpsOnly);

/** Body of `PUT /api/white-label`: the whole settings; a field left out or empty is cleared. */
export const whiteLabelUpdateSchema = z.strictObject({
  primary_color_hex: optional(hex),
  secondary_color_hex: optional(hex),
  accent_color_hex: optional(hex),
  favicon_url: optional(httpsUrl),
  company_name: optional(z.string().trim().min(1).max(100)),
  custom_css: optional(z.string().max(CUSTOM_CSS_MAX_CHARS)),
});
export type WhiteLabelUpdate = z.infer<typeof whiteLabelUpdateSchema>;

export const whiteLabelSettingsSchema = z.object({
  primary_color_hex: z.string().nullable(),
  secondary_color_hex: z.string().nullable(),
  accent_color_hex: z.string().nullable(),
  favicon_url: z.string().nullable(),
  company_name: z.string().nullable(),
  /** Already sanitised by the server: only allowed properties, scoped under `.citable-brand`. */
  custom_css: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type WhiteLabelSettings = z.infer<typeof whiteLabelSettingsSchema>;

/** `GET/PUT /api/white-label`: the settings, plus what the sanitiser removed from custom CSS. */
export const whiteLabelResponseSchema = z.object({
  settings: whiteLabelSettingsSchema,
  removed: z.array(z.string()),
});
export type WhiteLabelResponse = z.infer<typeof whiteLabelResponseSchema>;

export const EMPTY_WHITE_LABEL: WhiteLabelSettings = {
  primary_color_hex: null,
  secondary_color_hex: null,
  accent_color_hex: null,
  favicon_url: null,
  company_name: null,
  custom_css: null,
  updated_at: null,
};
