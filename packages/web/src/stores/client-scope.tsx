import { useCallback, useSyncExternalStore } from 'react';
import { currentClientId, setClientId, subscribeClientId } from '../lib/client-scope';

const serverSnapshot = () => null;

/**
 * The agency client being viewed (null: the user's own account) and how to change it. Every
 * component reading it re-renders on a change, and the query cache hashes client data with it,
 * so the dashboard fetches the newly selected client's data in place.
 */
export function useClientScope(): { clientId: string | null; selectClient: (id: string | null) => void } {
  const clientId = useSyncExternalStore(subscribeClientId, currentClientId, serverSnapshot);
  const selectClient = useCallback((id: string | null) => setClientId(id), []);
  return { clientId, selectClient };
}
