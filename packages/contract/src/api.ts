import { z } from 'zod';

/** Every error body the API sends. */
export const apiErrorSchema = z.object({
  error: z.string(),
  details: z.array(z.unknown()).optional(),
  /** Set on 403 plan gates: the lowest plan that allows the request. */
  requiredPlan: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Largest JSON body accepted by the API. */
export const MAX_BODY_BYTES = 1_048_576;
/** Network time-out of every browser call (spec 000 §9). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Profile fetch time-out before onboarding opens anyway (spec 000 §4). */
export const PROFILE_FETCH_TIMEOUT_MS = 10_000;
/** Local storage keys the product owns start with this; sign-out clears them. */
export const STORAGE_PREFIX = 'citable.';
/** Minimum and maximum password lengths (OWASP ASVS level 2). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
