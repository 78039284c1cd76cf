import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { ACTIVITY_THROTTLE_MS, type Activity, type ActivityType } from '@citable/contract';
import type { Db } from '../../db/client';
import { userActivity } from '../../db/schema';

export interface ActivityInput {
  type: ActivityType;
  data?: Record<string, unknown>;
  toolId?: string;
  websiteUrl?: string;
}

type ActivityRow = typeof userActivity.$inferSelect;

function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    activity_type: row.activityType as ActivityType,
    activity_data: row.activityData ?? null,
    tool_id: row.toolId,
    website_url: row.websiteUrl,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Records an activity unless the same user recorded the same type, tool and website within the
 * throttle window (spec 001 §9), so double clicks and re-renders do not flood the history.
 * Returns null when throttled.
 */
export async function logActivity(db: Db, userId: string, input: ActivityInput, now = new Date()): Promise<Activity | null> {
  const toolId = input.toolId ?? null;
  const websiteUrl = input.websiteUrl ?? null;
  const [recent] = await db
    .select({ id: userActivity.id })
    .from(userActivity)
    .where(
      and(
        eq(userActivity.userId, userId),
        eq(userActivity.activityType, input.type),
        sql`${userActivity.toolId} is not distinct from ${toolId}`,
        sql`${userActivity.websiteUrl} is not distinct from ${websiteUrl}`,
        gt(userActivity.createdAt, new Date(now.getTime() - ACTIVITY_THROTTLE_MS)),
      ),
    )
    .limit(1);
  if (recent) return null;
  const [row] = await db
    .insert(userActivity)
    .values({ userId, activityType: input.type, activityData: input.data ?? null, toolId, websiteUrl, createdAt: now })
    .returning();
  return toActivity(row);
}

export async function listActivities(db: Db, userId: string, limit: number): Promise<Activity[]> {
  const rows = await db.select().from(userActivity).where(eq(userActivity.userId, userId)).orderBy(desc(userActivity.createdAt)).limit(limit);
  return rows.map(toActivity);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Someone else's activity, a missing one and a malformed id all look the same: null. */
export async function getActivity(db: Db, userId: string, id: string): Promise<Activity | null> {
  if (!uuidPattern.test(id)) return null;
  const [row] = await db
    .select()
    .from(userActivity)
    .where(and(eq(userActivity.id, id), eq(userActivity.userId, userId)));
  return row ? toActivity(row) : null;
}
