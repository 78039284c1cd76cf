import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, STRONG_PASSWORD, uniqueEmail, type TestStorage } from '../helpers';
import { killAll, spawnServer, type ServerProcess } from '../faults/processes';

/**
 * `npm start` with PORT=0 and no PUBLIC_URL: the address the app builds everything from is the
 * one it listens on. server.ts picks the port before the app is built, so what is read at start-up
 * (better-auth's base URL and trusted origins, the CSRF guard, e-mail links) names it too, not
 * port 0: a sign-up from a page on that address is accepted, and the site files name it.
 */

const PLACEHOLDER = 'https://public-url.citable.invalid';
let storage: TestStorage;
let dist: string;
let server: ServerProcess;
let origin = '';

beforeAll(async () => {
  storage = await createTestStorage();
  dist = mkdtempSync(path.join(tmpdir(), 'citable-origin-dist-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  };
  write('index.html', '<!doctype html><title>shell</title>');
  write('pages/index.html', `<!doctype html><title>landing</title><link rel="canonical" href="${PLACEHOLDER}/" />`);
  write('pages/404.html', '<!doctype html><title>Page not found</title>');
  write('site/llms.txt', `# Citable\n\n- [Pricing](${PLACEHOLDER}/pricing)\n`);
  write('routes.json', JSON.stringify({ routes: ['/'], notFoundPage: 'pages/404.html', placeholderOrigin: PLACEHOLDER }));
  server = await spawnServer({ storage, env: { PORT: '0', PUBLIC_URL: '', WEB_DIST_DIR: dist } });
  const [, url, port] = (await server.waitForOutput(/Citable is running at (\S+) \(listening on 127\.0\.0\.1:(\d+)/))!;
  expect(url).toBe(`http://127.0.0.1:${port}`);
  origin = url!;
}, 180_000);

afterAll(async () => {
  await killAll();
  await storage?.remove();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('a server started with PORT=0 and no PUBLIC_URL', () => {
  it('is reached at the address it reports, which is not port 0', async () => {
    expect(origin).not.toMatch(/:0$/);
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  });

  it('names that address in its site files and canonical links', async () => {
    expect(await (await fetch(`${origin}/llms.txt`)).text()).toContain(`- [Pricing](${origin}/pricing)`);
    expect(await (await fetch(`${origin}/`)).text()).toContain(`<link rel="canonical" href="${origin}/" />`);
  });

  it('trusts that address as the app’s own origin (better-auth and the CSRF guard)', async () => {
    const signUp = (from: string) =>
      fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: from },
        body: JSON.stringify({ name: 'Origin Test', email: uniqueEmail('origin'), password: STRONG_PASSWORD }),
      });
    const accepted = await signUp(origin);
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    // Another origin is still refused: the check is on, and the listening address passes it.
    expect((await signUp('https://elsewhere.example.com')).status).toBe(403);
  });
});
