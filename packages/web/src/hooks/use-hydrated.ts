import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};
const onClient = () => true;
const duringPrerenderOrHydration = () => false;

/**
 * False while React renders on the server or hydrates pre-rendered markup, true in every other
 * render. React reads the server snapshot during hydration and renders again at once with the
 * client's, so a component may show client-only state (the session) right after hydration without
 * the markup disagreeing.
 *
 * Why it matters even though hydration starts before any query is sent: React hydrates a
 * Suspense boundary's content (every lazy page) in a later, low-priority pass after the shell has
 * committed, and the shell's effects have sent the session query by then. A fast answer (a signed-in
 * visitor whose auth chunk is cached) lands in the cache before the page is hydrated.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, onClient, duringPrerenderOrHydration);
}
