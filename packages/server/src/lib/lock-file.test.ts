import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LockHeldError } from './lock-file';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'citable-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('writes the pid, refuses a second holder and frees the file on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(LockHeldError);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock left by a dead process', () => {
    const dir = tempDir();
    // Pids are below 2^22 on Linux, so this one cannot be running.
    writeFileSync(path.join(dir, 'citable.lock'), '99999999\n');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('refuses a lock held by a live process and names it', () => {
    const dir = tempDir();
    // pid 1 always exists.
    writeFileSync(path.join(dir, 'citable.lock'), '1\n');
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Citable process \(pid 1\)/);
  });
});
