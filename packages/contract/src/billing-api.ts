import { z } from 'zod';
import { USAGE_METERS } from './entitlements';
import { planIdSchema, subscriptionStatusSchema } from './profile';

/** Texts of spec 000 §5 and §8 and spec 002 §8 that billing answers with, verbatim. */
export const BILLING_ERRORS = {
  notConfigured: 'LemonSqueezy is not configured',
  unavailable: 'Payment processing is not available',
  variantPlaceholder: 'Product variant ID is not properly configured for plan',
  variantMissing: 'No variant ID found for plan',
  notAuthenticated: 'User not authenticated',
  noCheckoutUrl: 'Failed to create checkout: No checkout URL returned',
  cancelFailed: 'Failed to cancel subscription. Please try again or contact support.',
  cancelError: 'An error occurred while cancelling your subscription.',
} as const;

export const PAID_PLAN_IDS = ['core', 'pro', 'agency'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/**
 * `POST /api/functions/create-checkout` (spec 000 §7). The spec's userId, name and email are
 * accepted for compatibility, but the server uses the session's user; a different userId is refused.
 */
export const createCheckoutSchema = z.strictObject({
  plan: z.enum(PAID_PLAN_IDS),
  billingCycle: z.enum(['monthly', 'annual']),
  userId: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  successUrl: z.string().max(2048).optional(),
  cancelUrl: z.string().max(2048).optional(),
});
export type CreateCheckoutInput = z.infer<typeof createCheckoutSchema>;

export const createCheckoutResponseSchema = z.object({
  success: z.boolean(),
  checkoutUrl: z.string().nullable(),
  error: z.string().optional(),
});
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>;

/** `GET /api/billing/subscription`: what the billing dialog shows about the current plan. */
export const billingSubscriptionSchema = z.object({
  plan: planIdSchema,
  /** The product's status (spec 000 §4); null when the user never subscribed. */
  status: subscriptionStatusSchema.nullable(),
  /** The provider's own status (active, on_trial, past_due, unpaid, paused, cancelled, expired). */
  providerStatus: z.string().nullable(),
  renewsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  /** The provider's customer portal (card, invoices); pre-signed by the provider, valid for a day. */
  customerPortalUrl: z.string().nullable(),
  updatePaymentMethodUrl: z.string().nullable(),
  /** Cancel is offered only while the subscription is active. */
  canCancel: z.boolean(),
  billingConfigured: z.boolean(),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

export const usageMeterSchema = z.object({
  meter: z.enum(USAGE_METERS),
  used: z.number().int().nonnegative(),
  /** 0 means the plan does not include it. */
  limit: z.number().int().nonnegative(),
});
export type UsageMeterValue = z.infer<typeof usageMeterSchema>;

/** `GET /api/billing/usage`: counts of the current calendar month (UTC). */
/** One model or answer engine's use this month: calls and tokens (issue 21). */
export const aiUsageLineSchema = z.object({
  label: z.string(),
  calls: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  /** Web searches the engine billed apart from its tokens (issue 29); absent when none. */
  searches: z.number().int().nonnegative().optional(),
});

export const billingUsageSchema = z.object({
  plan: planIdSchema,
  periodStart: z.string(),
  periodEnd: z.string(),
  meters: z.array(usageMeterSchema),
  /** The month's AI budget (the operator's model and the answer engines together), by engine, most used first. */
  ai: z
    .object({
      usedTokens: z.number().int().nonnegative(),
      budgetTokens: z.number().int().nonnegative(),
      /** The month's billed web searches against the plan's search budget (issue 29; absent from older servers). */
      usedSearches: z.number().int().nonnegative().optional(),
      budgetSearches: z.number().int().nonnegative().optional(),
      lines: z.array(aiUsageLineSchema),
    })
    .optional(),
});
export type BillingUsage = z.infer<typeof billingUsageSchema>;

export const billingInvoiceSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  total: z.string(),
  invoiceUrl: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

/** `GET /api/billing/invoices`: the provider's invoices of the user's subscription, newest first. */
export const billingInvoicesSchema = z.object({ invoices: z.array(billingInvoiceSchema) });
export type BillingInvoices = z.infer<typeof billingInvoicesSchema>;

export const webhookAckSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  outcome: z.string(),
});
