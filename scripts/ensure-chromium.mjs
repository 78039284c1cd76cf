// Browser tests drive Debian's Chromium through playwright-core. Install it when it is missing,
// and say so, rather than downloading a browser build of Playwright's own (that needs internet).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

console.log(`Chromium is not installed at ${CHROMIUM}: installing Debian's chromium package with apt-get (about a minute)...`);
const asRoot = process.getuid?.() === 0;
const run = (args) => {
  const [command, ...rest] = asRoot ? args : ['sudo', ...args];
  const result = spawnSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
};
if (!run(['apt-get', 'update', '-qq']) || !run(['apt-get', 'install', '-y', '-qq', 'chromium']) || !existsSync(CHROMIUM)) {
  console.error(`Could not install Chromium. Install it yourself with: apt-get install -y chromium`);
  process.exit(1);
}
console.log('Chromium installed.');
