import { cancelSubscription, createCheckout, getSubscription, lemonSqueezySetup, listSubscriptionInvoices } from '@lemonsqueezy/lemonsqueezy.js';
import { z } from 'zod';

/** A call to Lemon Squeezy that failed: network, refusal or an answer of an unexpected shape. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

const id = z.union([z.string(), z.number()]).transform(String);
const timestamp = z.string().nullish().transform((value) => value ?? null);

/** The fields of a subscription object (JSON:API `data`) that billing uses. */
export const providerSubscriptionSchema = z.object({
  type: z.literal('subscriptions'),
  id,
  attributes: z.object({
    customer_id: id,
    variant_id: id.nullish(),
    status: z.string(),
    user_email: z.string().nullish(),
    renews_at: timestamp,
    ends_at: timestamp,
    trial_ends_at: timestamp,
    updated_at: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'updated_at must be a timestamp'),
    test_mode: z.boolean().optional(),
    urls: z
      .object({ customer_portal: z.string().nullish(), update_payment_method: z.string().nullish() })
      .partial()
      .nullish(),
  }),
});
export type ProviderSubscription = z.infer<typeof providerSubscriptionSchema>;

const invoiceSchema = z.object({
  id,
  attributes: z.object({
    status: z.string(),
    status_formatted: z.string().nullish(),
    total_formatted: z.string().nullish(),
    created_at: z.string(),
    urls: z.object({ invoice_url: z.string().nullish() }).partial().nullish(),
  }),
});
export type ProviderInvoice = z.infer<typeof invoiceSchema>;

const checkoutSchema = z.object({ data: z.object({ attributes: z.object({ url: z.string().nullish() }) }) });

export interface CheckoutRequest {
  storeId: string;
  variantId: string;
  email: string;
  name: string;
  userId: string;
  plan: string;
  redirectUrl: string;
}

/** The provider calls billing makes, through the official SDK. */
export interface BillingProvider {
  /** The hosted checkout URL, or null when the provider returned none. */
  createCheckout(request: CheckoutRequest): Promise<string | null>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  listInvoices(subscriptionId: string): Promise<ProviderInvoice[]>;
}

type SdkResult = { statusCode: number | null; data: unknown; error: Error | null };

function unwrap<T>(what: string, result: SdkResult, schema: z.ZodType<T>): T {
  if (result.error) throw new ProviderError(`Lemon Squeezy ${what} failed: ${result.error.message}`, result.statusCode);
  const parsed = schema.safeParse(result.data);
  if (!parsed.success) throw new ProviderError(`Lemon Squeezy ${what} answered in an unexpected shape`, result.statusCode);
  return parsed.data;
}

/**
 * The SDK keeps its API key in module state. Setting it right before each call, in the same
 * synchronous step in which the SDK reads it, keeps every call on this provider's key.
 */
export function createProvider(apiKey: string): BillingProvider {
  const setup = () => lemonSqueezySetup({ apiKey });
  return {
    async createCheckout(request) {
      setup();
      const result = await createCheckout(request.storeId, request.variantId, {
        checkoutData: { email: request.email, name: request.name, custom: { user_id: request.userId, plan: request.plan } },
        productOptions: { redirectUrl: request.redirectUrl },
      });
      return unwrap('checkout', result, checkoutSchema).data.attributes.url ?? null;
    },
    async getSubscription(subscriptionId) {
      setup();
      return unwrap('subscription', await getSubscription(subscriptionId), z.object({ data: providerSubscriptionSchema })).data;
    },
    async cancelSubscription(subscriptionId) {
      setup();
      return unwrap('cancel', await cancelSubscription(subscriptionId), z.object({ data: providerSubscriptionSchema })).data;
    },
    async listInvoices(subscriptionId) {
      setup();
      const result = await listSubscriptionInvoices({ filter: { subscriptionId }, page: { size: 100 } });
      return unwrap('invoices', result, z.object({ data: z.array(invoiceSchema) })).data;
    },
  };
}
