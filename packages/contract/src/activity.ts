import { z } from 'zod';

/** Activity types recorded in user_activity (spec 001 §3, 002 §3). */
export const ACTIVITY_TYPES = [
  'audit_run',
  'tool_used',
  'genie_chat',
  'content_optimized',
  'content_generated',
  'content_analyzed',
  'settings_updated',
  'feedback_submitted',
  'page_visited',
  'tool_launched_from_genie',
  'insight_action_taken',
  'onboarding_completed',
  'playbook_step_completed',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * Types the browser may record itself. The others are written by the server as a side effect of
 * the action they describe, so a client cannot forge an audit or a settings change.
 */
export const CLIENT_ACTIVITY_TYPES = ['page_visited', 'tool_launched_from_genie', 'insight_action_taken'] as const;

export const activityCreateSchema = z.strictObject({
  activity_type: z.enum(CLIENT_ACTIVITY_TYPES),
  activity_data: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).refine((data) => Object.keys(data).length <= 20, 'Too many fields').optional(),
  tool_id: z.string().max(50).optional(),
  website_url: z.string().max(2048).optional(),
});
export type ActivityCreate = z.infer<typeof activityCreateSchema>;

export const activitySchema = z.object({
  id: z.string(),
  activity_type: z.enum(ACTIVITY_TYPES),
  activity_data: z.record(z.string(), z.unknown()).nullable(),
  tool_id: z.string().nullable(),
  website_url: z.string().nullable(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** Default and maximum list sizes (spec 001 §7, §9). */
export const ACTIVITY_LIST_DEFAULT = 20;
export const ACTIVITY_LIST_MAX = 100;
/** The same user, type, tool and website are recorded at most once per window (spec 001 §9). */
export const ACTIVITY_THROTTLE_MS = 10_000;
