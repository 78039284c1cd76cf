import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { Db } from '../db/client';
import { twoFactorSpentCodes } from '../db/schema';

const VERIFY_TOTP_PATH = '/two-factor/verify-totp';
/** better-auth's sign-in challenge cookie (plugins/two-factor/constant), prefixed like every auth cookie. */
const CHALLENGE_COOKIE = 'two_factor';
/**
 * better-auth accepts the codes of the previous, current and next 30 s step, so a code seen at
 * the start of its life verifies for at most three steps: after that it needs no guarding.
 */
const CODE_LIFETIME_MS = 3 * 30_000;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
interface Claim {
  userId: string;
  codeHash: string;
}

/** A replayed code is refused with the same answer as a wrong one: nothing tells which. */
const invalidCode = () => new APIError('UNAUTHORIZED', { message: 'Invalid code', code: 'INVALID_CODE' });

/** The user a code is being checked for: the signed-in user (enrolment) or the pending sign-in challenge. */
async function challengedUserId(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

/**
 * Refuses a TOTP code already accepted for the same user while it could still verify. The code
 * is claimed before better-auth checks it (one insert, so two concurrent requests with the same
 * code cannot both pass) and released again when the check fails.
 */
export function totpReplayGuard(db: Db): BetterAuthPlugin {
  const claims = new WeakMap<object, Claim>();
  return {
    id: 'totp-replay-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string') return;
            const userId = await challengedUserId(ctx);
            // Without a user better-auth refuses the request itself.
            if (!userId) return;
            const codeHash = createHash('sha256').update(code).digest('hex');
            const now = new Date();
            await db.delete(twoFactorSpentCodes).where(and(eq(twoFactorSpentCodes.userId, userId), lt(twoFactorSpentCodes.expiresAt, now)));
            const claimed = await db
              .insert(twoFactorSpentCodes)
              .values({ userId, codeHash, expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS) })
              .onConflictDoNothing()
              .returning({ userId: twoFactorSpentCodes.userId });
            if (claimed.length === 0) throw invalidCode();
            claims.set(ctx.context, { userId, codeHash });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const claim = claims.get(ctx.context);
            if (!claim || !(ctx.context.returned instanceof APIError)) return;
            // A wrong code was never spent: the user may still type it once it is their current one.
            await db.delete(twoFactorSpentCodes).where(and(eq(twoFactorSpentCodes.userId, claim.userId), eq(twoFactorSpentCodes.codeHash, claim.codeHash)));
          }),
        },
      ],
    },
  };
}
