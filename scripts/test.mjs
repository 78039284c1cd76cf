// `npm test`: typecheck, unit and integration tests, then the browser tests against the built app.
// Each step prints its own output; the first failure stops the run with its exit code.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Browser', 'node', ['scripts/ensure-chromium.mjs']],
  ['Typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['Unit and integration tests', 'npx', ['vitest', 'run']],
  ['Build the web app', 'npm', ['run', 'build']],
  ['Browser tests', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']],
];

const started = Date.now();
for (const [title, command, args] of steps) {
  console.log(`\n=== ${title} ===`);
  const stepStarted = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${title} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  console.log(`${title}: done in ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
}
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
