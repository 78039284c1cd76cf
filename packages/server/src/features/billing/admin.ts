import { eq, sql } from 'drizzle-orm';
import { normalizePlan, type PlanId } from '@citable/contract';
import { createDb } from '../../db/client';
import { user, userProfiles } from '../../db/schema';
import { writeProfileState } from './subscription-state';

export { LockHeldError } from '../../lib/lock-file';

export class NoSuchAccountError extends Error {}

export interface AdminDatabase {
  dataDir: string;
  databaseUrl?: string;
}

/**
 * `citable admin set-plan`: sets a plan without a billing provider, through the same profile
 * write the webhooks use. Opening the embedded database takes the data folder's lock, so this
 * throws LockHeldError while the server runs on the same folder.
 */
export async function setPlanByEmail(database: AdminDatabase, email: string, plan: PlanId): Promise<{ previousPlan: PlanId }> {
  const handle = await createDb(database);
  try {
    const [owner] = await handle.db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
    if (!owner) throw new NoSuchAccountError(`no account with the e-mail address ${email}`);
    const [profile] = await handle.db.select({ plan: userProfiles.plan }).from(userProfiles).where(eq(userProfiles.userId, owner.id));
    await writeProfileState(handle.db, owner.id, { plan, status: plan === 'free' ? null : 'active', updatedAt: new Date() });
    return { previousPlan: normalizePlan(profile?.plan) };
  } finally {
    await handle.close();
  }
}
