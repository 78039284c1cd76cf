import fp from 'fastify-plugin';
import { createDb, type Db, type DbHandle } from './client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

/** Opens the database (and takes the data folder's lock on PGlite) for the app's lifetime. */
export const dbPlugin = fp<{ dataDir: string; databaseUrl?: string }>(
  async (app, options) => {
    const handle = await createDb(options);
    app.decorate('db', handle.db);
    app.decorate('dbHandle', handle);
    app.addHook('onClose', () => handle.close());
  },
  { name: 'db' },
);
