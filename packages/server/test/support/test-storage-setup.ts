import { pgliteTemplate } from './pglite-template';

/**
 * Root vitest global setup: the migrated PGlite template every test storage copies
 * (support/pglite-template.ts), built here once, before the test files start, when this schema
 * version has none yet (a fresh clone, a new migration). Otherwise each of the first files to
 * start would build its own in its `beforeAll`, all at once, and on a busy machine outlast the
 * hook's bound. With the template in place this costs a hash of three small files.
 */
export default async function setup(): Promise<void> {
  await pgliteTemplate();
}
