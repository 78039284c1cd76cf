import { and, isNotNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { billingSubscriptions } from './schema';
import { userProfiles } from '../../db/schema';
import type { JobDefinition } from '../../jobs/jobs-plugin';
import type { BillingConfig } from '../../settings/billing';
import type { BillingProvider } from './provider';
import { applyProviderSubscription } from './subscription-state';

export interface ReconcileDeps {
  db: Db;
  config: BillingConfig;
  provider: BillingProvider;
  log: FastifyBaseLogger;
}

export interface ReconcileSummary {
  checked: number;
  applied: number;
  failed: number;
}

/** Subscriptions that may still change: every one not expired, stored or only linked on a profile. */
async function openSubscriptionIds(db: Db): Promise<string[]> {
  const stored = await db.select({ id: billingSubscriptions.id }).from(billingSubscriptions).where(ne(billingSubscriptions.status, 'expired'));
  const linked = await db
    .select({ id: userProfiles.lemonsqueezySubscriptionId })
    .from(userProfiles)
    .where(and(isNotNull(userProfiles.lemonsqueezySubscriptionId), sql`${userProfiles.subscriptionStatus} is distinct from 'expired'`));
  return [...new Set([...stored.map((row) => row.id), ...linked.flatMap((row) => (row.id ? [row.id] : []))])];
}

/**
 * Retrieves each open subscription from the provider and applies it as a webhook would. The
 * provider retries a failed webhook only three times, so this is what repairs a missed one.
 */
export async function reconcileSubscriptions(deps: ReconcileDeps): Promise<ReconcileSummary> {
  const ids = await openSubscriptionIds(deps.db);
  const summary: ReconcileSummary = { checked: ids.length, applied: 0, failed: 0 };
  for (const id of ids) {
    try {
      const subscription = await deps.provider.getSubscription(id);
      // No hints: only the stored binding of this subscription id decides the account, and the
      // same live-subscription rule as for webhooks applies (see applyProviderSubscription).
      // Subscriptions the provider knows but nothing here has bound are never listed, so
      // reconciliation cannot bind one, by customer id, e-mail or otherwise.
      const outcome = await deps.db.transaction((tx) => applyProviderSubscription(tx, deps.config, subscription));
      if (outcome === 'applied') summary.applied += 1;
      if (outcome === 'unmatched_user') deps.log.warn({ subscriptionId: id }, 'subscription reconciliation: no account is bound to this subscription; nothing changed');
    } catch (error) {
      summary.failed += 1;
      deps.log.warn({ err: error, subscriptionId: id }, 'subscription reconciliation failed');
    }
  }
  // Nothing reachable at all (provider down): fail the job so pg-boss retries it with backoff.
  if (summary.checked > 0 && summary.failed === summary.checked) throw new Error(`reconciliation could not reach any of ${summary.checked} subscriptions`);
  deps.log.info(summary, 'subscriptions reconciled');
  return summary;
}

const payload = z.strictObject({});

export function billingReconcileJob(deps: ReconcileDeps): JobDefinition<typeof payload> {
  return {
    id: 'billing-reconcile',
    payload,
    schedule: { cron: '23 4 * * *', payload: {} },
    handler: () => reconcileSubscriptions(deps),
  };
}
