// A contender in lock-file.race.test.ts: once told "go" on standard input, tries to take the lock
// of every folder named in argv, prints the folders it holds as one JSON line, and keeps them held
// (so its pid stays alive and the others see a live holder) until its standard input closes.
import { acquireDataDirLock, LockHeldError } from './lock-file';

const folders = process.argv.slice(2);
process.stdout.write('ready\n');
process.stdin.once('data', () => {
  const held: string[] = [];
  const errors: string[] = [];
  for (const folder of folders) {
    try {
      acquireDataDirLock(folder);
      held.push(folder);
    } catch (error) {
      if (!(error instanceof LockHeldError)) errors.push(`${folder}: ${(error as Error).message}`);
    }
  }
  process.stdout.write(`${JSON.stringify({ held, errors })}\n`);
});
process.stdin.on('end', () => process.exit(0));
