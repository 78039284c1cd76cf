import { z } from 'zod';
import { GOAL_IDS } from './goals';
import { INDUSTRIES } from './industries';
import { PLAN_IDS, competitorsLimit, websitesLimit, type PlanId } from './plans';

/** Where audits may point: absolute http(s) URLs only, no credentials. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048, 'URL is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      const webScheme = url.protocol === 'http:' || url.protocol === 'https:';
      const hasHost = url.hostname.includes('.') || url.hostname === 'localhost' || url.hostname.startsWith('[');
      return webScheme && hasHost && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Enter a full web address starting with https://');

export const siteEntrySchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  url: httpUrlSchema,
});
export type SiteEntry = z.infer<typeof siteEntrySchema>;

export const goalIdSchema = z.enum(GOAL_IDS);
export const industrySchema = z.enum(INDUSTRIES);
export const planIdSchema = z.enum(PLAN_IDS);
export const subscriptionStatusSchema = z.enum(['active', 'cancelled', 'expired', 'on_trial']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

const siteListSchema = z.array(siteEntrySchema).max(100, 'Too many entries');
const goalListSchema = z.array(goalIdSchema).max(5).refine((goals) => new Set(goals).size === goals.length, 'Goals must not repeat');
const descriptionSchema = z.string().trim().max(2000, 'Description is too long');

/** Settings dialog save: every field optional, nothing else accepted. */
export const profileUpdateSchema = z.strictObject({
  industry: industrySchema.optional(),
  business_description: descriptionSchema.optional(),
  websites: siteListSchema.min(1, 'Add at least one website').optional(),
  competitors: siteListSchema.optional(),
  goals: goalListSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Onboarding's Complete Setup: the four steps' rules of spec 002 §5. */
export const onboardingSchema = z.strictObject({
  websites: siteListSchema.min(1, 'Add at least one website with a name and URL'),
  industry: industrySchema,
  business_description: descriptionSchema.optional(),
  competitors: siteListSchema.min(1, 'Add at least one competitor with a name and URL'),
  goals: goalListSchema.min(1, 'Choose at least one goal'),
});
export type OnboardingInput = z.infer<typeof onboardingSchema>;

export const profileSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  plan: planIdSchema,
  subscription_status: subscriptionStatusSchema.nullable(),
  subscription_updated_at: z.string().nullable(),
  onboarding_completed_at: z.string().nullable(),
  industry: industrySchema.nullable(),
  business_description: z.string().nullable(),
  websites: z.array(siteEntrySchema),
  competitors: z.array(siteEntrySchema),
  goals: z.array(goalIdSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export interface CapViolation {
  field: 'websites' | 'competitors';
  limit: number;
  message: string;
}

/** The plan's caps on websites and competitors, shared by onboarding, settings and the server. */
export function checkSiteCaps(plan: PlanId, input: { websites?: SiteEntry[]; competitors?: SiteEntry[] }): CapViolation[] {
  const violations: CapViolation[] = [];
  const maxWebsites = websitesLimit(plan);
  const maxCompetitors = competitorsLimit(plan);
  if (input.websites && input.websites.length > maxWebsites) {
    violations.push({ field: 'websites', limit: maxWebsites, message: `Your plan allows ${maxWebsites} website${maxWebsites === 1 ? '' : 's'}.` });
  }
  if (input.competitors && input.competitors.length > maxCompetitors) {
    violations.push({ field: 'competitors', limit: maxCompetitors, message: `Your plan allows ${maxCompetitors} competitor${maxCompetitors === 1 ? '' : 's'}.` });
  }
  return violations;
}

/** A row counts only when both its name and URL are filled in (spec 002 §5). */
export function completeRows(rows: { name: string; url: string }[]): { name: string; url: string }[] {
  return rows.filter((row) => row.name.trim() !== '' && row.url.trim() !== '' && row.url.trim() !== 'https://');
}
