import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupPglite, BackupError, LockHeldError, restorePglite } from '../../src/ops/backup';
import { api, createTestStorage, signIn, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail } from '../helpers';

/** `citable admin backup|restore` on the embedded database (PostgreSQL uses pg_dump/pg_restore). */
describe.runIf(!process.env.DATABASE_URL)('PGlite backup and restore', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'citable-backup-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('backs up, refuses while a server runs, restores into a fresh folder that a server then opens', { timeout: 120_000 }, async () => {
    const storage = await createTestStorage();
    const email = uniqueEmail('backup');
    const file = path.join(scratch, 'citable.tar.gz');
    try {
      const first = await startTestServer({ storage });
      await signUpVerified(first.baseUrl, { name: 'Backup', email, password: STRONG_PASSWORD });
      await expect(backupPglite(storage.dataDir, file)).rejects.toBeInstanceOf(LockHeldError);
      await first.close();

      expect((await backupPglite(storage.dataDir, file)).bytes).toBeGreaterThan(1_000);

      const target = path.join(scratch, 'restored');
      await restorePglite(target, file);
      await expect(restorePglite(target, file)).rejects.toBeInstanceOf(BackupError);

      const restored = await startTestServer({ storage: { dataDir: target, remove: async () => undefined } });
      try {
        const cookie = await signIn(restored.baseUrl, email, STRONG_PASSWORD);
        expect((await api(restored.baseUrl, '/api/profile', { cookie })).status).toBe(200);
      } finally {
        await restored.close();
      }
    } finally {
      await storage.remove();
    }
  });
});
