/**
 * Input of `npx @better-auth/cli generate` only: the CLI needs a module exporting `auth` to know
 * which tables better-auth uses. Regenerate src/db/auth-schema.ts with `npm run auth:schema -w packages/server`
 * after enabling a better-auth plugin that adds tables, then `npm run db:generate`.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { organization } from 'better-auth/plugins/organization';
import { twoFactor } from 'better-auth/plugins/two-factor';

export const auth = betterAuth({
  database: drizzleAdapter({}, { provider: 'pg' }),
  emailAndPassword: { enabled: true },
  plugins: [twoFactor(), organization()],
});
