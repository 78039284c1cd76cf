import { isIP } from 'node:net';
import fp from 'fastify-plugin';
import { listeningOrigin } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The address users reach the app at: PUBLIC_URL, or else the origin the server listens on.
     * Read it when it is used (a request), not while the app is built: without PUBLIC_URL the
     * port is known only once the server listens (PORT=0, or a test's listen on another port).
     */
    publicUrl(): string;
  }
}

export interface PublicUrlOptions {
  /** config.publicUrl: PUBLIC_URL, or the origin the configuration says the server will listen on. */
  publicUrl: string;
  /** PUBLIC_URL was set: it stays whatever the server listens on. */
  publicUrlSet: boolean;
  /** config.host: a host name is kept as it is (the server answers on it), an address is replaced by the bound one. */
  host: string;
}

/** Decorates the app with `publicUrl()`, which follows the address `listen()` bound when PUBLIC_URL is unset. */
export const publicUrlPlugin = fp<PublicUrlOptions>(
  async (app, options) => {
    let current = options.publicUrl;
    app.decorate('publicUrl', () => current);
    if (options.publicUrlSet) return;
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (!address || typeof address === 'string') return;
      current = listeningOrigin(isIP(options.host) || options.host === '' ? address.address : options.host, address.port);
    });
  },
  { name: 'public-url' },
);
