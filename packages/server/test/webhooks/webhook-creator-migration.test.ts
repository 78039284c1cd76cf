import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0025 (issue #35) records each webhook endpoint's creator. Endpoints made before it are
 * given their owner as creator: the account's own person, or for a workspace client (a principal,
 * no person) the workspace's owner. A database migrated to 0024 with such endpoints, then to the end.
 */

const migrations = path.resolve(import.meta.dirname, '../../drizzle');
const BEFORE = '0025_webhook_creator';

let pglite: PGlite;
let folder: string;
beforeAll(async () => {
  // The migrations up to the one before: the same files, a journal that ends earlier.
  folder = mkdtempSync(path.join(tmpdir(), 'citable-migrations-'));
  cpSync(migrations, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === BEFORE);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  pglite = await PGlite.create();
  await migrate(drizzle(pglite), { migrationsFolder: folder });
}, 120_000);
afterAll(async () => {
  await pglite?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('migration 0025', () => {
  it("gives existing endpoints their owner as creator: the account's person, or a client's workspace owner", async () => {
    await pglite.exec(`
      insert into "user" (id, name, email, email_verified, created_at, updated_at) values
        ('solo', 'Solo', 'solo@example.com', true, now(), now()),
        ('boss', 'Boss', 'boss@example.com', true, now(), now()),
        ('principal', 'Acme', 'client-x@clients.invalid', false, now(), now());
      insert into organization (id, name, slug, created_at) values ('org', 'Agency', 'agency', now());
      insert into workspace_settings (organization_id, owner_user_id) values ('org', 'boss');
      insert into workspace_clients (organization_id, name, principal_user_id) values ('org', 'Acme', 'principal');
      insert into webhook_endpoints (user_id, url, events, secret_encrypted) values
        ('solo', 'https://hooks.example.com/solo', '["audit.completed"]', 'x'),
        ('principal', 'https://hooks.example.com/acme', '["audit.completed"]', 'x'),
        ('boss', 'https://hooks.example.com/boss', '["audit.completed"]', 'x');
    `);
    await migrate(drizzle(pglite), { migrationsFolder: migrations });
    const { rows } = await pglite.query<{ url: string; created_by: string | null }>('select url, created_by from webhook_endpoints order by url');
    expect(rows).toEqual([
      { url: 'https://hooks.example.com/acme', created_by: 'boss' },
      { url: 'https://hooks.example.com/boss', created_by: 'boss' },
      { url: 'https://hooks.example.com/solo', created_by: 'solo' },
    ]);
  }, 120_000);
});
