import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class LockHeldError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data folder ${dataDir} is in use by another Citable process (pid ${pid}). Stop it first, or point DATA_DIR at another folder.`);
  }
}

export interface LockHandle {
  file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The inode of a file, or undefined when it is gone. */
function inodeOf(file: string): number | undefined {
  try {
    return statSync(file).ino;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** A private file holding this process's pid, to be linked or renamed into place whole. */
function writeDraft(file: string): string {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(draft, `${process.pid}\n`, { mode: 0o644 });
  return draft;
}

/**
 * Creates `file` holding this process's pid, complete from its first instant, or returns false when
 * it exists. link() fails when the name exists, like O_EXCL, and since the pid was written to the
 * draft first, no other process can ever read the lock half-written (an empty lock read as stale
 * was a second way to lose exclusivity).
 */
function createExclusively(file: string): boolean {
  const draft = writeDraft(file);
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/** The file's inode and the pid it names, read consistently (the pid belongs to that inode). */
function readLock(file: string): { inode: number; pid: number | undefined } | undefined {
  const inode = inodeOf(file);
  if (inode === undefined) return undefined;
  const pid = readPid(file);
  return inodeOf(file) === inode ? { inode, pid } : undefined;
}

const isStale = (pid: number | undefined) => pid === undefined || (pid !== process.pid && !isAlive(pid));

/** How long a starter waits for another one's takeover of the same stale lock to finish. */
const TAKEOVER_WAIT_MS = 10_000;
const MAX_DEPTH = 4;

/** Blocks this thread briefly: the lock is taken once, at start-up, before anything else runs. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Takes `file` for this process. A lock left by a dead process is replaced only by the one process
 * holding that stale file's own mutex, `<file>.takeover-<inode>`, and it is replaced by a rename
 * over it, so the name never stands empty for another starter to create. Removing a stale lock
 * after merely reading its dead pid let two starters both remove and recreate it (69 of 3,000
 * trials held twice): one unlinked the lock the other had just created. Here the stale inode can
 * change only through its mutex's holder, who checks it again once holding the mutex; a mutex left
 * by a process that died mid-takeover is itself taken over the same way.
 */
function acquire(file: string, dataDir: string, waitMs: number, depth = 0): void {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (createExclusively(file)) return;
    const seen = readLock(file);
    if (!seen) continue; // released, replaced or half-seen between two calls: look again
    if (!isStale(seen.pid)) throw new LockHeldError(dataDir, seen.pid ?? 0);
    if (depth >= MAX_DEPTH) throw new Error(`Could not take the lock file ${file}: too many abandoned takeovers`);
    const mutex = `${file}.takeover-${seen.inode}`;
    try {
      acquire(mutex, dataDir, waitMs, depth + 1);
    } catch (error) {
      if (!(error instanceof LockHeldError)) throw error;
      // Another starter is taking this one over: its rename is a moment away.
      pause(5);
      continue;
    }
    try {
      const now = readLock(file);
      if (!now || now.inode !== seen.inode) continue;
      if (!isStale(now.pid)) throw new LockHeldError(dataDir, now.pid ?? 0);
      const draft = writeDraft(file);
      try {
        renameSync(draft, file);
      } catch (error) {
        unlinkSync(draft);
        throw error;
      }
      return;
    } finally {
      unlinkSync(mutex);
    }
  }
  throw new Error(`Could not take the lock file ${file}`);
}

/**
 * PGlite gives no error when two processes open the same folder and silently loses writes, so
 * every process that opens DATA_DIR takes this lock first.
 */
export function acquireDataDirLock(dataDir: string, fileName = 'citable.lock', takeoverWaitMs = TAKEOVER_WAIT_MS): LockHandle {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, fileName);
  acquire(file, dataDir, takeoverWaitMs);
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      if (readPid(file) === process.pid) unlinkSync(file);
    },
  };
}
