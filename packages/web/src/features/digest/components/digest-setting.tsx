import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestSettings } from '@citable/contract';
import { apiClient } from '../../../lib/api-client';

const key = (userId: string) => ['digest-settings', userId] as const;

/** Settings > E-mail: the weekly suggestions e-mail of Pro and Agency, which its unsubscribe link turns off. */
export function DigestSetting({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: key(userId), queryFn: ({ signal }) => apiClient.get<DigestSettings>('/api/digest/settings', { signal }) });
  const save = useMutation({
    mutationFn: (subscribed: boolean) => apiClient.put<DigestSettings>('/api/digest/settings', { subscribed }),
    onSuccess: (saved) => queryClient.setQueryData(key(userId), saved),
  });
  const checked = save.isPending ? save.variables : (settings.data?.subscribed ?? false);

  return (
    <div className="space-y-1">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300"
          checked={checked}
          disabled={!settings.data || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
          data-testid="digest-subscribed"
        />
        <span>
          <span className="font-medium text-slate-900">Weekly suggestions</span>
          <span className="block text-slate-600">Every Monday: your score changes, new alerts and citations, and the three fixes worth the most points.</span>
        </span>
      </label>
      {save.isError ? <p className="text-sm text-red-700">The setting could not be saved. Please try again.</p> : null}
    </div>
  );
}
