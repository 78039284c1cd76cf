import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const FOLDERS = 150;
const CONTENDERS = 6;
const root = mkdtempSync(path.join(tmpdir(), 'citable-lock-race-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has exited: a lock naming it is stale. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function lines(child: ChildProcessWithoutNullStreams): AsyncIterator<string> {
  return createInterface({ input: child.stdout })[Symbol.asyncIterator]();
}

describe('acquireDataDirLock under a race', () => {
  it(`gives each of ${FOLDERS} folders with a stale lock to exactly one of ${CONTENDERS} processes starting together`, async () => {
    const stale = deadPid();
    const folders = Array.from({ length: FOLDERS }, (_, index) => {
      const folder = path.join(root, `data-${index}`);
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'citable.lock'), `${stale}\n`);
      return folder;
    });
    const child = path.join(import.meta.dirname, 'lock-file.race-child.ts');
    const contenders = Array.from({ length: CONTENDERS }, () => spawn(process.execPath, ['--import', 'tsx', child, ...folders], { stdio: 'pipe' }));
    const outputs = contenders.map(lines);
    try {
      // Everyone is loaded and waiting before anyone starts: the takeovers overlap as closely as they can.
      for (const output of outputs) expect((await output.next()).value).toBe('ready');
      for (const contender of contenders) contender.stdin.write('go\n');
      const results = await Promise.all(outputs.map(async (output) => JSON.parse((await output.next()).value as string) as { held: string[]; errors: string[] }));

      expect(results.flatMap((result) => result.errors)).toEqual([]);
      const holders = new Map<string, number>();
      for (const result of results) for (const folder of result.held) holders.set(folder, (holders.get(folder) ?? 0) + 1);
      const doublyHeld = folders.filter((folder) => (holders.get(folder) ?? 0) > 1);
      const unheld = folders.filter((folder) => !holders.has(folder));
      expect({ doublyHeld: doublyHeld.length, unheld: unheld.length }).toEqual({ doublyHeld: 0, unheld: 0 });
      // The file names the one holder, and it is one of the contenders.
      const pids = new Set(contenders.map((contender) => contender.pid));
      for (const folder of folders) expect(pids.has(Number(readFileSync(path.join(folder, 'citable.lock'), 'utf8')))).toBe(true);
    } finally {
      for (const contender of contenders) contender.stdin.end();
    }
  }, 120_000);
});
