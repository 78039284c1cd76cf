import { useQuery } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';

export const twoFactorStatusKey = (userId: string) => ['two-factor-status', userId] as const;

/** Whether the signed-in user has two-factor sign-in on, read from the session better-auth returns. */
export function useTwoFactorStatus(userId: string) {
  return useQuery({
    queryKey: twoFactorStatusKey(userId),
    queryFn: async () => {
      const { data, error } = await authClient().getSession();
      if (error) throw new Error(error.message || error.statusText);
      return Boolean(data?.user.twoFactorEnabled);
    },
  });
}
