import { z } from 'zod';

/** One website's overall score over the week: the last audit before it against the latest in it. */
export const digestScoreChangeSchema = z.object({
  site: z.string(),
  from: z.number().int().nullable(),
  to: z.number().int(),
  change: z.number().int().nullable(),
});

export const digestAlertSchema = z.object({ title: z.string(), message: z.string(), severity: z.string() });

export const digestFixSchema = z.object({
  checkId: z.string(),
  title: z.string(),
  suggestion: z.string(),
  /** Points of the overall score the failing check costs (one decimal). */
  pointsLost: z.number().min(0),
  url: z.string(),
});

/** The weekly suggestions (spec 000 §6, Pro and Agency): the e-mail and GET /api/digest/preview. */
export const digestSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  scoreChanges: z.array(digestScoreChangeSchema),
  alerts: z.array(digestAlertSchema),
  citations: z.object({ runs: z.number().int().min(0), mentions: z.number().int().min(0), samples: z.number().int().min(0) }),
  topFixes: z.array(digestFixSchema).max(3),
  /** True when there is nothing to say: no e-mail is sent for such a week. */
  empty: z.boolean(),
});
export type Digest = z.infer<typeof digestSchema>;

export const digestSettingsSchema = z.object({ subscribed: z.boolean() });
export type DigestSettings = z.infer<typeof digestSettingsSchema>;
