import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

  it('takes over a stale lock whose takeover was abandoned by a process that died midway, and leaves no work files', () => {
    const dir = tempDir();
    const file = path.join(dir, 'citable.lock');
    writeFileSync(file, '99999999\n');
    writeFileSync(`${file}.takeover-${statSync(file).ino}`, '99999998\n');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    expect(readdirSync(dir)).toEqual(['citable.lock']);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses while another live process is taking the stale lock over', () => {
    const dir = tempDir();
    const file = path.join(dir, 'citable.lock');
    writeFileSync(file, '99999999\n');
    // pid 1 holds the takeover mutex and never finishes: the starter waits, then gives up with a clear error.
    writeFileSync(`${file}.takeover-${statSync(file).ino}`, '1\n');
    expect(() => acquireDataDirLock(dir, 'citable.lock', 200)).toThrow(/Could not take the lock file/);
    expect(readFileSync(file, 'utf8').trim()).toBe('99999999');
  });
});
