import { lazy, Suspense, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';

/**
 * A route's screen in a chunk of its own, so that each page's script carries only its own code.
 * `preload()` fetches the chunk ahead of rendering: the pre-render and the browser entry call it
 * for the routes the address matches before they render or hydrate, so a pre-rendered page renders
 * at once, with the same markup as its HTML, and never suspends during hydration. Reached by a
 * client-side navigation instead, the page suspends into a small loading state until its chunk
 * has arrived.
 */
export interface LazyPage<P extends object = object> {
  (props: P): ReactNode;
  preload(): Promise<void>;
  /** The module's path relative to packages/web, as the Vite manifest names its chunk (scripts/prerender.ts). */
  readonly source: string;
}

function PageLoading() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status" aria-label="Loading">
      <Spinner className="size-8 text-primary-600" />
    </div>
  );
}

export function lazyPage<P extends object = object>(source: string, load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // A failed fetch (offline, a deploy replaced the chunk) may be retried by the next render.
        loading = undefined;
        throw error;
      },
    ));
  const Suspended = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });

  function Page(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
    // remount the page and lose its state.
    const [ready] = useState(() => loaded);
    const Component = ready ?? Suspended;
    // The boundary also holds a page that suspends for its data (a docs article's content).
    return (
      <Suspense fallback={<PageLoading />}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(Page, { preload, source });
}

export function isLazyPage(value: unknown): value is LazyPage {
  return typeof value === 'function' && typeof (value as Partial<LazyPage>).preload === 'function' && typeof (value as Partial<LazyPage>).source === 'string';
}

/** The lazy pages a route element renders (its own component). */
export function lazyPageOf(element: ReactNode): LazyPage | undefined {
  const type = (element as ReactElement | null | undefined)?.type;
  return isLazyPage(type) ? type : undefined;
}
