import { describe, expect, it } from 'vitest';
import { BILLING_ERRORS } from '@citable/contract';
import { billingConfigured, loadBillingConfig } from '../../settings/billing';
import { createCheckoutForUser } from './checkout';
import type { BillingProvider } from './provider';

const full = {
  LEMONSQUEEZY_API_KEY: 'key',
  LEMONSQUEEZY_STORE_ID: '1',
  LEMONSQUEEZY_WEBHOOK_SECRET: 'secret',
  LEMONSQUEEZY_VARIANT_CORE_MONTHLY: '11',
  LEMONSQUEEZY_VARIANT_CORE_ANNUAL: '12',
  LEMONSQUEEZY_VARIANT_PRO_MONTHLY: '21',
  LEMONSQUEEZY_VARIANT_PRO_ANNUAL: '22',
  LEMONSQUEEZY_VARIANT_AGENCY_MONTHLY: '31',
  LEMONSQUEEZY_VARIANT_AGENCY_ANNUAL: '32',
};
const fail = (message: string) => new Error(message);
const provider: BillingProvider = {
  createCheckout: async () => 'https://store.example/checkout/1',
  getSubscription: async () => {
    throw new Error('unused');
  },
  cancelSubscription: async () => {
    throw new Error('unused');
  },
  listInvoices: async () => [],
};
const user = { id: 'u1', email: 'a@example.com', name: 'A', emailVerified: true };
const log = { error: () => undefined } as never;

function attempt(env: Record<string, string | undefined>, withProvider = true) {
  const config = loadBillingConfig(env, false, fail);
  return createCheckoutForUser({ config, provider: withProvider ? provider : null, publicUrl: 'http://localhost:3000', log }, user, { plan: 'pro', billingCycle: 'monthly' });
}

describe('checkout configuration errors (spec 000 §5, §8)', () => {
  it('is configured only when every value is set and real', () => {
    expect(billingConfigured(loadBillingConfig(full, false, fail))).toBe(true);
    expect(billingConfigured(loadBillingConfig({ ...full, LEMONSQUEEZY_WEBHOOK_SECRET: '' }, false, fail))).toBe(false);
    expect(billingConfigured(loadBillingConfig({ ...full, LEMONSQUEEZY_VARIANT_AGENCY_ANNUAL: 'your-variant-id' }, false, fail))).toBe(false);
    expect(billingConfigured(loadBillingConfig({}, false, fail))).toBe(false);
  });

  it('names each missing piece with the spec text', async () => {
    await expect(attempt({}, false)).rejects.toMatchObject({ status: 503, body: { error: BILLING_ERRORS.notConfigured } });
    await expect(attempt({ ...full, LEMONSQUEEZY_STORE_ID: undefined })).rejects.toMatchObject({ body: { error: BILLING_ERRORS.notConfigured } });
    await expect(attempt({ ...full, LEMONSQUEEZY_WEBHOOK_SECRET: undefined })).rejects.toMatchObject({ body: { error: BILLING_ERRORS.unavailable } });
    await expect(attempt({ ...full, LEMONSQUEEZY_VARIANT_PRO_MONTHLY: undefined })).rejects.toMatchObject({ body: { error: `${BILLING_ERRORS.variantMissing}: pro` } });
    await expect(attempt({ ...full, LEMONSQUEEZY_VARIANT_PRO_MONTHLY: 'YOUR_PRO_MONTHLY_VARIANT' })).rejects.toMatchObject({ body: { error: `${BILLING_ERRORS.variantPlaceholder}: pro` } });
    await expect(attempt(full)).resolves.toEqual({ success: true, checkoutUrl: 'https://store.example/checkout/1' });
  });

  it('refuses the test-only API address in production', () => {
    expect(() => loadBillingConfig({ LEMONSQUEEZY_API_URL: 'http://127.0.0.1:9' }, true, fail)).toThrow(/refused in production/);
  });
});
