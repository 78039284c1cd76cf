import { BILLING_ERRORS, type BillingSubscription } from '@citable/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { billingKeys, cancelSubscription } from '../api/billing-api';
import { formatDate } from '../lib/format';

/** Cancel, offered only while active, after a confirmation; the plan stays until the period ends. */
export function CancelSubscription({ subscription, planName }: { subscription: BillingSubscription; planName: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const until = formatDate(subscription.renewsAt);

  const confirm = async () => {
    setCancelling(true);
    setError(null);
    try {
      const cancelled = await cancelSubscription();
      queryClient.setQueryData(billingKeys.subscription, cancelled);
      await queryClient.invalidateQueries({ queryKey: queryKeys.profileRoot });
      setConfirming(false);
      toast.show({ type: 'info', title: 'Subscription Cancelled', message: until ? `Your ${planName} plan stays active until ${until}.` : `Your ${planName} plan stays active until the end of the billing period.` });
    } catch (caught) {
      setError(caught instanceof ApiRequestError && caught.status === 502 ? BILLING_ERRORS.cancelFailed : BILLING_ERRORS.cancelError);
    } finally {
      setCancelling(false);
    }
  };

  if (!confirming) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} data-testid="billing-cancel">
        Cancel subscription
      </Button>
    );
  }
  return (
    <div className="w-full space-y-3 rounded-lg border border-red-200 bg-red-50/60 p-4" data-testid="billing-cancel-confirm">
      <p className="text-sm text-slate-800">
        Cancel your {planName} subscription? You keep {planName} {until ? `until ${until}` : 'until the end of the billing period'}, then move to the free plan.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" size="sm" onClick={() => void confirm()} disabled={cancelling} data-testid="billing-cancel-yes">
          {cancelling ? (
            <>
              <Spinner className="size-4" />
              Cancelling...
            </>
          ) : (
            'Yes, cancel'
          )}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={cancelling}>
          Keep subscription
        </Button>
      </div>
    </div>
  );
}
