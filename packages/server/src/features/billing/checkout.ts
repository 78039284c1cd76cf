import { BILLING_ERRORS, PLANS, type CreateCheckoutInput, type CreateCheckoutResponse } from '@citable/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-error';
import type { SessionUser } from '../../auth/auth-plugin';
import { isRealVariant, type BillingConfig } from '../../settings/billing';
import type { BillingProvider } from './provider';

export interface CheckoutDeps {
  config: BillingConfig;
  provider: BillingProvider | null;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Return addresses must be on this site: a checkout must not become an open redirect. */
function ownUrl(publicUrl: string, candidate: string | undefined, fallback: string): string {
  if (candidate === undefined) return fallback;
  if (!URL.canParse(candidate) || new URL(candidate).origin !== new URL(publicUrl).origin) {
    throw new HttpError(400, { error: 'Invalid request', details: [{ path: 'body.successUrl', message: `Return addresses must be on ${new URL(publicUrl).origin}` }] });
  }
  return candidate;
}

/**
 * create-checkout of spec 000 §4-§8: validates the configuration in the spec's order and asks the
 * provider for a hosted checkout for the session's user, with user_id and plan as custom data so
 * the webhooks can find the user and the plan.
 */
export async function createCheckoutForUser(deps: CheckoutDeps, user: SessionUser, input: CreateCheckoutInput): Promise<CreateCheckoutResponse> {
  const { config, provider } = deps;
  if (!provider || !config.storeId) throw new HttpError(503, { error: BILLING_ERRORS.notConfigured });
  if (!config.webhookSecret) throw new HttpError(503, { error: BILLING_ERRORS.unavailable });
  const variantId = config.variants[input.plan][input.billingCycle];
  if (variantId === undefined) throw new HttpError(503, { error: `${BILLING_ERRORS.variantMissing}: ${input.plan}` });
  if (!isRealVariant(variantId)) throw new HttpError(503, { error: `${BILLING_ERRORS.variantPlaceholder}: ${input.plan}` });
  if (input.userId !== undefined && input.userId !== user.id) throw new HttpError(403, { error: 'A checkout can only be started for your own account.' });

  const redirectUrl = ownUrl(deps.publicUrl, input.successUrl, `${deps.publicUrl}/dashboard?checkout_success=true&plan=${input.plan}`);
  // The hosted checkout has no cancel redirect (the buyer just leaves it), so cancelUrl is only checked.
  ownUrl(deps.publicUrl, input.cancelUrl, deps.publicUrl);

  let checkoutUrl: string | null;
  try {
    checkoutUrl = await provider.createCheckout({ storeId: config.storeId, variantId, email: user.email, name: user.name, userId: user.id, plan: input.plan, redirectUrl });
  } catch (error) {
    deps.log.error({ err: error, plan: input.plan }, 'checkout creation failed');
    throw new HttpError(502, { error: `Failed to create checkout: the payment provider did not accept the ${PLANS[input.plan].name} checkout. Please try again.` });
  }
  if (!checkoutUrl) return { success: false, checkoutUrl: null, error: BILLING_ERRORS.noCheckoutUrl };
  return { success: true, checkoutUrl };
}
