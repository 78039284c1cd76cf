import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CurrentBuild } from '../scripts/build-cli';
import { runCitable } from './run-citable';

const cliRoot = fileURLToPath(new URL('..', import.meta.url));
const readCurrent = (): CurrentBuild => JSON.parse(readFileSync(path.join(cliRoot, 'dist/current.json'), 'utf8')) as CurrentBuild;

describe('the citable binary', () => {
  it('answers --version and -v with the package version, without loading the CLI', async () => {
    const { version } = JSON.parse(readFileSync(path.join(cliRoot, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const run = await runCitable([flag]);
      expect(run).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    }
  });

  it('runs the built JavaScript, and builds again first when a source file is newer than the build', async () => {
    // Whatever state the dist is in, a run leaves a fresh build that lists the CLI's own sources.
    expect((await runCitable(['--help'])).code).toBe(0);
    const before = readCurrent();
    const sources = Object.keys(before.inputs);
    expect(sources).toContain('packages/cli/src/main.ts');
    expect(sources).toContain('packages/engine/src/index.ts');
    expect(sources.some((input) => input.includes('node_modules'))).toBe(false);
    expect(statSync(path.join(cliRoot, 'dist', before.dir, 'main.mjs')).isFile()).toBe(true);

    // Unchanged sources: the same build runs again.
    expect((await runCitable(['--help'])).code).toBe(0);
    expect(readCurrent().dir).toBe(before.dir);

    // The build in use dates from an install an hour ago: replaced now, it must stay a while for
    // a CLI that started from it a moment ago and still loads its chunks.
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(cliRoot, 'dist', before.dir), hourAgo, hourAgo);

    // A source file saved after the build (here: its time moved a minute back, which must count
    // all the same): the next run builds again before it starts.
    const source = path.join(cliRoot, 'src/commands/help.ts');
    const { atime, mtimeMs } = statSync(source);
    utimesSync(source, atime, new Date(mtimeMs - 60_000));
    const run = await runCitable(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('citable');
    const after = readCurrent();
    expect(after.dir).not.toBe(before.dir);
    expect(after.inputs['packages/cli/src/commands/help.ts']).toBe(statSync(source).mtimeMs);
    expect(statSync(path.join(cliRoot, 'dist', after.dir, 'main.mjs')).isFile()).toBe(true);
    expect(existsSync(path.join(cliRoot, 'dist', before.dir, 'main.mjs'))).toBe(true);
  });
});
