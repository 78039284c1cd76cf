import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Db } from '../db/client';
import { totpReplayGuard } from './two-factor-replay-guard';

/**
 * TOTP two-factor sign-in: enabling needs the password and stays pending until a code confirms
 * it; sign-in then answers `twoFactorRedirect` instead of a session. better-auth caps a
 * challenge at 5 codes and locks the account's second factor for 15 minutes after 10 failures
 * in a row; the auth plugin adds a per-IP limit on top.
 */
export function twoFactorPlugins(db: Db) {
  return [twoFactor({ issuer: 'Citable' }), totpReplayGuard(db)];
}
