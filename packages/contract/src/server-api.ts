import { z } from 'zod';
import { planIdSchema, profileSchema } from './profile';
import { llmPublicConfigSchema } from './llm';

/** Web pages the server's auth e-mails and redirects point to; the web app must serve them. */
export const AUTH_PAGES = {
  /** Opens the sign-in dialog. */
  signIn: '/?auth=signin',
  /**
   * Where the verification link lands: it signs the user in (better-auth's autoSignInAfterVerification),
   * so the dashboard opens, with onboarding for a new account; a bad or expired link (?error=) opens sign-in there.
   */
  emailVerified: '/dashboard?auth=verified',
  /** Asks for an e-mail address and calls better-auth's requestPasswordReset with redirectTo resetPassword. */
  forgotPassword: '/?auth=forgot',
  /** Receives ?token= (or ?error=INVALID_TOKEN) and calls better-auth's resetPassword. */
  resetPassword: '/reset-password',
} as const;

/** better-auth error codes the web maps to the spec's messages. */
export const AUTH_ERROR_CODES = {
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  invalidCredentials: 'INVALID_EMAIL_OR_PASSWORD',
  passwordTooCommon: 'PASSWORD_TOO_COMMON',
  /** Too easy to guess: whitespace only, one repeated character, or a low zxcvbn score. */
  passwordTooWeak: 'PASSWORD_TOO_WEAK',
  /** Contains the account's e-mail address or name. */
  passwordPersonal: 'PASSWORD_CONTAINS_PERSONAL_INFO',
  passwordTooShort: 'PASSWORD_TOO_SHORT',
  passwordTooLong: 'PASSWORD_TOO_LONG',
  rateLimited: 'RATE_LIMITED',
} as const;

export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() }),
  profile: profileSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const choosePlanSchema = z.strictObject({ plan: planIdSchema });

export const publicConfigSchema = z.object({
  billingConfigured: z.boolean(),
  environment: z.enum(['development', 'production', 'test']),
  /** True when GET /api/dev/outbox and /dev/outbox exist (never in production). */
  devOutbox: z.boolean(),
  passwordMinLength: z.number(),
  passwordMaxLength: z.number(),
  /** Whether an LLM provider is configured, and its model; without one every feature uses the built-in engine. */
  llm: llmPublicConfigSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const devOutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});
export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;
