import { hashKey, type QueryKey } from '@tanstack/react-query';
import { CLIENT_SCOPE_HEADER } from '@citable/contract';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The agency client the signed-in user is acting for (issue #11), or null for their own account.
 * It lives outside React so the one fetch wrapper and the query cache's key hashing can read it;
 * React reads it through `useClientScope` (src/stores/client-scope.tsx).
 */
let current: string | null | undefined;
const listeners = new Set<() => void>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function currentClientId(): string | null {
  // Read lazily: the module is imported by the pre-render, where there is no storage.
  if (current === undefined) {
    const stored = typeof window === 'undefined' ? null : readStorage(STORAGE_KEYS.selectedClient);
    current = stored && UUID.test(stored) ? stored : null;
  }
  return current;
}

export function setClientId(id: string | null): void {
  const next = id && UUID.test(id) ? id : null;
  if (next === currentClientId()) return;
  current = next;
  writeStorage(STORAGE_KEYS.selectedClient, next);
  for (const listener of listeners) listener();
}

export function subscribeClientId(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Headers that put a request in the selected client's scope; empty for the user's own account. */
export function scopeHeaders(): Record<string, string> {
  const id = currentClientId();
  return id ? { [CLIENT_SCOPE_HEADER]: id } : {};
}

/**
 * Query roots whose data belongs to the person, not to the client being viewed: the session,
 * their workspaces and what hangs off them, two-factor status, the invitation they open (joining
 * selects a client; hashed with it, the spent invitation would be fetched again and answer 410).
 * Everything else is client data.
 */
const PERSONAL_ROOTS = new Set(['session', 'workspaces', 'workspace', 'two-factor-status', 'invitation-preview']);

/**
 * The query cache's key hash. Client data is hashed together with the selected client, so one
 * client's cached answers are never served while another (or the own account) is selected,
 * without every feature having to add the client id to its keys.
 */
export function scopedQueryKeyHash(queryKey: QueryKey): string {
  const root = queryKey[0];
  if (typeof root === 'string' && PERSONAL_ROOTS.has(root)) return hashKey(queryKey);
  return hashKey([{ client: currentClientId() }, ...queryKey]);
}
