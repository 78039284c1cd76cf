import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listeningOrigin, loadConfig, trustedAppOrigins } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'citable-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', publicUrl: 'http://localhost:3000', nodeEnv: 'development', isProduction: false, trustProxy: false, databaseUrl: undefined });
    expect(loadConfig({ BETTER_AUTH_SECRET: 'x'.repeat(32) }).dataDir).toBe(path.resolve('data'));
  });

  it('generates a secret outside production and keeps it in DATA_DIR across restarts', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'secret'), 'utf8').trim()).toBe(first.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
  });

  it('refuses production without a secret, short secrets and bad values', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/BETTER_AUTH_SECRET is not set/);
    expect(() => loadConfig({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'citable.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('defaults PUBLIC_URL to the address the server listens on, and says whether it was set', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '8080' })).toMatchObject({ publicUrl: 'http://127.0.0.1:8080', publicUrlSet: false });
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '::' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://citable.example.com/', HOST: '127.0.0.1' })).toMatchObject({ publicUrl: 'https://citable.example.com', publicUrlSet: true });
    // Empty is unset, as for every other variable.
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: '', PORT: '4000' })).toMatchObject({ publicUrl: 'http://localhost:4000', publicUrlSet: false });
  });

  it('reads TRUST_PROXY as a flag or a list of addresses', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });
});

describe('listeningOrigin', () => {
  it('reaches a wildcard bind as localhost, any other host by its name or address', () => {
    expect(listeningOrigin('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(listeningOrigin('::', 3000)).toBe('http://localhost:3000');
    expect(listeningOrigin('', 3000)).toBe('http://localhost:3000');
    expect(listeningOrigin('127.0.0.1', 41234)).toBe('http://127.0.0.1:41234');
    expect(listeningOrigin('::1', 41234)).toBe('http://[::1]:41234');
    expect(listeningOrigin('[::1]', 41234)).toBe('http://[::1]:41234');
    expect(listeningOrigin('citable.internal', 80)).toBe('http://citable.internal:80');
  });
});

describe('trustedAppOrigins', () => {
  it('is PUBLIC_URL alone in production, with localhost and 127.0.0.1 on the port outside it', () => {
    expect(trustedAppOrigins('https://citable.example.com/', 3000, true)).toEqual(['https://citable.example.com']);
    expect(trustedAppOrigins('https://citable.example.com', 3000, false)).toEqual(['https://citable.example.com', 'http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(trustedAppOrigins('http://localhost:3000', 3000, false)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });
});
