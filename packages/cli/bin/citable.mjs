#!/usr/bin/env node
// The `citable` command. It runs the CLI built into JavaScript (packages/cli/dist, built on
// `npm install` and `npm run build`): starting from the TypeScript sources through tsx costs
// about 1.5 s per launch. When a source file changed since that build, it builds again first
// (about a second, once); if it cannot build, it runs the sources through tsx as before.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const cliRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(cliRoot, '../..');
const first = process.argv[2];

// Answered before anything loads: scripts and CI steps call it to check the install.
if (first === '--version' || first === '-v') {
  const { version } = JSON.parse(readFileSync(path.join(cliRoot, 'package.json'), 'utf8'));
  process.stdout.write(`${version}\n`);
  process.exit(0);
}

/** The built entry, or undefined when there is no build or a source file changed since it was built. */
function freshBuild() {
  let current;
  try {
    current = JSON.parse(readFileSync(path.join(cliRoot, 'dist/current.json'), 'utf8'));
  } catch {
    return undefined;
  }
  for (const [input, builtFrom] of Object.entries(current.inputs)) {
    let modified;
    try {
      modified = statSync(path.join(repoRoot, input)).mtimeMs;
    } catch {
      return undefined; // a source file was removed or renamed
    }
    if (modified !== builtFrom) return undefined;
  }
  return path.join(cliRoot, 'dist', current.dir, 'main.mjs');
}

let entry = freshBuild();
if (!entry) {
  const { register } = await import('tsx/esm/api');
  register();
  try {
    const { buildCli, DIST_DIR } = await import('../scripts/build-cli.ts');
    entry = path.join(DIST_DIR, (await buildCli()).dir, 'main.mjs');
  } catch (error) {
    process.stderr.write(`citable: could not build the CLI (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); running it from source\n`);
    entry = path.join(cliRoot, 'src/main.ts');
  }
}
await import(pathToFileURL(entry).href);
