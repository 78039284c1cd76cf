import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { AUTH_PAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordContext } from '@citable/contract';
import { trustedAppOrigins } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { existingAccountEmail, passwordResetEmail, verificationEmail } from './auth-emails';
import type { Mailer } from '../mail/mailer';
import { hashPassword, verifyPassword } from './password-hash';
import { checkPassword } from './password-policy';
import { twoFactorPlugins } from './two-factor-plugins';
import { workspaceAuthPlugins, refuseOrganizationEndpoint } from './organization-plugin';

export interface AuthOptions {
  db: Db;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  port: number;
  isProduction: boolean;
}

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

// Endpoints that set a password, and the body field carrying it.
const passwordFields: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

export function createAuth(options: AuthOptions) {
  const { db, mailer, publicUrl, port, isProduction } = options;
  const link = (page: string) => new URL(page, publicUrl).toString();

  return betterAuth({
    appName: 'Citable',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // better-auth's CSRF check compares Origin with these.
    trustedOrigins: trustedAppOrigins(publicUrl, port, isProduction),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // OWASP ASVS 2.4: Argon2id instead of better-auth's default scrypt.
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetEmail(user.email, user.name, url));
      },
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(existingAccountEmail(user.email, user.name, { signIn: link(AUTH_PAGES.signIn), forgotPassword: link(AUTH_PAGES.forgotPassword) }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A sign-in refused for an unverified address sends a fresh link, so a lost mail is no dead end.
      sendOnSignIn: true,
      // The link is the proof of the address: following it signs in and lands on the dashboard (AUTH_PAGES.emailVerified).
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationEmail(user.email, user.name, url));
      },
    },
    session: {
      // Absolute lifetime: the session ends 30 days after sign-in however active it is.
      expiresIn: THIRTY_DAYS_S,
      disableSessionRefresh: true,
    },
    // Limits live in the auth plugin with database counters, so they hold across processes.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth skips its Origin/CSRF checks when NODE_ENV is test; keep them on so tests exercise them.
      disableOriginCheck: false,
      // Production cookies are __Host- prefixed: Secure, Path=/, no Domain, so no subdomain can set or read them.
      cookiePrefix: isProduction ? '__Host-citable' : 'citable',
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isProduction, path: '/' },
    },
    plugins: [...twoFactorPlugins(db), ...workspaceAuthPlugins()],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        refuseOrganizationEndpoint(ctx.path);
        const field = passwordFields[ctx.path];
        const body = ctx.body as Record<string, unknown> | undefined;
        const password = field ? body?.[field] : undefined;
        // Lengths out of range get better-auth's own PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG.
        if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
        // The account's e-mail and name, which the password may not contain.
        let account: PasswordContext = {};
        if (ctx.path === '/sign-up/email') {
          account = { email: typeof body?.email === 'string' ? body.email : null, name: typeof body?.name === 'string' ? body.name : null };
        } else if (ctx.path === '/change-password') {
          const session = await getSessionFromCtx(ctx, { disableCookieCache: true, disableRefresh: true });
          if (!session) return; // the endpoint answers 401
          account = session.user;
        } else {
          // Reset: the token's user if the token is valid; otherwise strength alone (the endpoint refuses the token anyway).
          const token = body?.token ?? ctx.query?.token;
          const verification = typeof token === 'string' && token ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`) : null;
          const user = verification && verification.expiresAt > new Date() ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
          account = user ?? {};
        }
        const verdict = checkPassword(password, account);
        if (!verdict.ok) throw new APIError('BAD_REQUEST', { message: verdict.message, code: verdict.code });
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
