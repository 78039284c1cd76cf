import type { FastifyInstance, RouteOptions } from 'fastify';

/** One route as registered: what the hostile-input suites, metrics and docs enumerate. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  /** Route-level config (rate limits, public flags) as the route declared it. */
  config: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `collectRoutes` ran, in registration order (HEAD twins left out). */
    routeTable: RouteEntry[];
  }
}

/**
 * Records every route as it is registered, so tests derive their list from the server itself and
 * grow with each new route. Must run before any route is registered: onRoute only sees later ones.
 */
export function collectRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD twin beside every GET; it answers like the GET, so it is not listed twice.
      if (method === 'HEAD' && table.some((entry) => entry.method === 'GET' && entry.url === route.url)) continue;
      table.push({ method, url: route.url, schema: route.schema, config: route.config });
    }
  });
}
