/**
 * Tool calls in flight in this process, so a `notifications/cancelled` can reach the call it names.
 * The endpoint is stateless: the client sends the cancellation in a POST of its own, which gets a
 * server of its own, so the SDK alone would never match it with the request it cancels. Calls are
 * keyed by API key and JSON-RPC id (ids are only unique per client, and a key is one client's).
 * A cancellation that reaches another process than its call finds nothing and changes nothing.
 */
const inFlight = new Map<string, () => void>();

const slot = (keyId: string, requestId: string | number) => `${keyId}\u0000${typeof requestId}:${requestId}`;

/** Registers `cancel` for the call; returns the function that unregisters it once the call ends. */
export function trackCall(keyId: string, requestId: string | number, cancel: () => void): () => void {
  const key = slot(keyId, requestId);
  inFlight.set(key, cancel);
  return () => {
    if (inFlight.get(key) === cancel) inFlight.delete(key);
  };
}

/** Cancels the key's call with that id, if this process runs it. */
export function cancelCall(keyId: string, requestId: string | number): boolean {
  const cancel = inFlight.get(slot(keyId, requestId));
  if (!cancel) return false;
  cancel();
  return true;
}

/** The request ids named by the `notifications/cancelled` messages of a POST body (one message or a batch). */
export function cancelledRequestIds(body: unknown): (string | number)[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    if (!message || typeof message !== 'object') return [];
    const { method, params } = message as { method?: unknown; params?: { requestId?: unknown } };
    if (method !== 'notifications/cancelled') return [];
    const id = params?.requestId;
    return typeof id === 'string' || typeof id === 'number' ? [id] : [];
  });
}
