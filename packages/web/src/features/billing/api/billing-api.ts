import type { BillingInvoices, BillingSubscription, BillingUsage } from '@citable/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const billingKeys = {
  root: ['billing'] as const,
  subscription: ['billing', 'subscription'] as const,
  usage: ['billing', 'usage'] as const,
  invoices: ['billing', 'invoices'] as const,
};

export function useSubscription() {
  return useQuery({ queryKey: billingKeys.subscription, queryFn: ({ signal }) => apiClient.get<BillingSubscription>('/api/billing/subscription', { signal }) });
}

export function useUsage() {
  return useQuery({ queryKey: billingKeys.usage, queryFn: ({ signal }) => apiClient.get<BillingUsage>('/api/billing/usage', { signal }) });
}

/** The provider's invoices of the user's subscription; asked for only when a provider is configured. */
export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.invoices,
    queryFn: async ({ signal }) => (await apiClient.get<BillingInvoices>('/api/billing/invoices', { signal })).invoices,
    enabled,
    retry: false,
  });
}

export function cancelSubscription(): Promise<BillingSubscription> {
  return apiClient.post<BillingSubscription>('/api/billing/cancel', {});
}
