import { eq } from 'drizzle-orm';
import { normalizePlan, type OnboardingInput, type PlanId, type Profile, type ProfileUpdate } from '@citable/contract';
import { currentPlan } from '../billing';
import type { Db } from '../../db/client';
import { user, userProfiles } from '../../db/schema';

type ProfileRow = typeof userProfiles.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toProfile(row: ProfileRow, owner: { email: string; name: string }, plan: PlanId = normalizePlan(row.plan)): Profile {
  return {
    user_id: row.userId,
    email: owner.email,
    full_name: owner.name || null,
    plan,
    subscription_status: (row.subscriptionStatus as Profile['subscription_status']) ?? null,
    subscription_updated_at: iso(row.subscriptionUpdatedAt),
    onboarding_completed_at: iso(row.onboardingCompletedAt),
    industry: (row.industry as Profile['industry']) ?? null,
    business_description: row.businessDescription,
    websites: row.websites,
    competitors: row.competitors,
    goals: row.goals,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function owner(db: Db, userId: string) {
  const [row] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  if (!row) throw new Error(`User ${userId} does not exist`);
  return row;
}

/**
 * The profile of a row already read (with the session, by requireUser), or null when there was
 * none yet: the caller then uses getOrCreateProfile, which creates it.
 */
export function profileFromRow(row: ProfileRow | null, owner: { email: string; name: string }, plan: PlanId): Profile | null {
  return row ? toProfile(row, owner, plan) : null;
}

/** The user's profile, created on first access (free plan, onboarding not completed). */
export async function getOrCreateProfile(db: Db, userId: string, scopePlan?: PlanId): Promise<Profile> {
  // Most requests read it (the dashboard, four times per load): one read with the owner's name,
  // and the insert only on first access, rather than an insert attempt on every read.
  const read = () => db.select({ row: userProfiles, email: user.email, name: user.name }).from(userProfiles).innerJoin(user, eq(user.id, userProfiles.userId)).where(eq(userProfiles.userId, userId));
  let [found] = await read();
  if (!found) {
    // A concurrent first access may insert the row between the two statements; the conflict clause makes that harmless.
    await db.insert(userProfiles).values({ userId }).onConflictDoNothing({ target: userProfiles.userId });
    [found] = await read();
    if (!found) throw new Error(`User ${userId} does not exist`);
  }
  // A workspace client's profile carries the workspace owner's plan: its gates and caps are the agency's.
  // Routes pass the plan requireOwner resolved for this request (the same rule), so it is read once.
  return toProfile(found.row, found, scopePlan ?? (await currentPlan(db, userId)));
}

async function update(db: Db, userId: string, values: Partial<typeof userProfiles.$inferInsert>): Promise<Profile> {
  await getOrCreateProfile(db, userId);
  const [row] = await db
    .update(userProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId))
    .returning();
  return toProfile(row, await owner(db, userId), await currentPlan(db, userId));
}

export function updateProfile(db: Db, userId: string, input: ProfileUpdate): Promise<Profile> {
  return update(db, userId, {
    industry: input.industry,
    businessDescription: input.business_description,
    websites: input.websites,
    competitors: input.competitors,
    goals: input.goals,
  });
}

export function completeOnboarding(db: Db, userId: string, input: OnboardingInput, now = new Date()): Promise<Profile> {
  return update(db, userId, {
    industry: input.industry,
    businessDescription: input.business_description ?? null,
    websites: input.websites,
    competitors: input.competitors,
    goals: input.goals,
    onboardingCompletedAt: now,
  });
}

export function setPlan(db: Db, userId: string, plan: PlanId): Promise<Profile> {
  return update(db, userId, { plan });
}
