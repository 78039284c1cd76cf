import { isPlanId, type BillingCycle, type PaidPlanId, type PlanId } from '@citable/contract';

type Env = Record<string, string | undefined>;

/** Lemon Squeezy settings read from the environment once; every value is optional (self-hosting without billing). */
export interface BillingConfig {
  apiKey: string | undefined;
  storeId: string | undefined;
  webhookSecret: string | undefined;
  /** LEMONSQUEEZY_VARIANT_{PLAN}_{CYCLE}, as set (possibly a placeholder). */
  variants: Record<PaidPlanId, Record<BillingCycle, string | undefined>>;
  /**
   * LEMONSQUEEZY_API_URL: where the SDK's requests to api.lemonsqueezy.com go instead. For tests
   * against a local fake only; refused in production.
   */
  apiUrl: string | undefined;
}

const PAID: PaidPlanId[] = ['core', 'pro', 'agency'];
const CYCLE_SUFFIX: Record<BillingCycle, string> = { monthly: 'MONTHLY', annual: 'ANNUAL' };

// Lemon Squeezy ids are numeric; anything else ("your-variant-id", "xxx") is a template placeholder.
const PROVIDER_ID = /^\d+$/;

const value = (env: Env, name: string) => env[name]?.trim() || undefined;

/** `configError` builds the error thrown for a bad setting (the server's ConfigError, which it reports without a stack). */
export function loadBillingConfig(env: Env, isProduction: boolean, configError: (message: string) => Error): BillingConfig {
  const apiUrl = value(env, 'LEMONSQUEEZY_API_URL');
  if (apiUrl && isProduction) throw configError('LEMONSQUEEZY_API_URL is for tests against a local fake and is refused in production.');
  if (apiUrl && !/^https?:\/\/[^/]+/.test(apiUrl)) throw configError(`LEMONSQUEEZY_API_URL must be an absolute http(s) URL, got "${apiUrl}"`);
  const variants = Object.fromEntries(
    PAID.map((plan) => [plan, { monthly: value(env, `LEMONSQUEEZY_VARIANT_${plan.toUpperCase()}_MONTHLY`), annual: value(env, `LEMONSQUEEZY_VARIANT_${plan.toUpperCase()}_ANNUAL`) }]),
  ) as BillingConfig['variants'];
  return {
    apiKey: value(env, 'LEMONSQUEEZY_API_KEY'),
    storeId: value(env, 'LEMONSQUEEZY_STORE_ID'),
    webhookSecret: value(env, 'LEMONSQUEEZY_WEBHOOK_SECRET'),
    variants,
    apiUrl: apiUrl?.replace(/\/+$/, ''),
  };
}

export function isRealVariant(id: string | undefined): id is string {
  return id !== undefined && PROVIDER_ID.test(id);
}

/** Checkout can run: API key, store, signing secret and all six variant ids are set and real. */
export function billingConfigured(config: BillingConfig): boolean {
  return (
    Boolean(config.apiKey && config.webhookSecret && config.storeId && PROVIDER_ID.test(config.storeId)) &&
    PAID.every((plan) => isRealVariant(config.variants[plan].monthly) && isRealVariant(config.variants[plan].annual))
  );
}

/** The plan a provider variant sells, when it is one of the configured six. */
export function planForVariant(config: BillingConfig, variantId: string | number | null | undefined): PlanId | undefined {
  if (variantId === null || variantId === undefined) return undefined;
  const id = String(variantId);
  const plan = PAID.find((candidate) => config.variants[candidate].monthly === id || config.variants[candidate].annual === id);
  return plan && isPlanId(plan) ? plan : undefined;
}
