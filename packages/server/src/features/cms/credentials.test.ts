import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { decryptCredentials, encryptCredentials } from './credentials';
import { resolveCredentialsKey } from '../../settings/cms-credentials-key';

const fail = (message: string) => new Error(message);

describe('credentials encryption', () => {
  const key = Buffer.alloc(32, 1);

  it('round-trips, with a fresh IV every time and no plaintext in the envelope', () => {
    const first = encryptCredentials(key, { accessToken: 'shpat_secret' }, 'cms:shopify:u1');
    const second = encryptCredentials(key, { accessToken: 'shpat_secret' }, 'cms:shopify:u1');
    expect(first).not.toBe(second);
    expect(Buffer.from(first, 'base64').toString('latin1')).not.toContain('shpat_secret');
    expect(decryptCredentials(key, first, 'cms:shopify:u1')).toEqual({ accessToken: 'shpat_secret' });
  });

  it('fails with a wrong key, another row context or a tampered value', () => {
    const envelope = encryptCredentials(key, { accessToken: 't' }, 'cms:shopify:u1');
    expect(() => decryptCredentials(Buffer.alloc(32, 2), envelope, 'cms:shopify:u1')).toThrow(/cannot be decrypted/);
    expect(() => decryptCredentials(key, envelope, 'cms:shopify:u2')).toThrow(/cannot be decrypted/);
    const bytes = Buffer.from(envelope, 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => decryptCredentials(key, bytes.toString('base64'), 'cms:shopify:u1')).toThrow(/cannot be decrypted/);
  });
});

describe('CREDENTIALS_KEY', () => {
  it('accepts 32 bytes in hex or base64 and refuses anything else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'citable-key-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    expect(resolveCredentialsKey({ CREDENTIALS_KEY: 'ab'.repeat(32) }, dir, true, fail)).toEqual(Buffer.alloc(32, 0xab));
    expect(resolveCredentialsKey({ CREDENTIALS_KEY: Buffer.alloc(32, 3).toString('base64') }, dir, true, fail)).toEqual(Buffer.alloc(32, 3));
    expect(() => resolveCredentialsKey({ CREDENTIALS_KEY: 'short' }, dir, false, fail)).toThrow(/must be 32 bytes/);
  });

  it('refuses production without it, and generates one into DATA_DIR otherwise', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'citable-key-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    expect(() => resolveCredentialsKey({}, dir, true, fail)).toThrow(/CREDENTIALS_KEY is not set/);
    const generated = resolveCredentialsKey({}, dir, false, fail);
    expect(generated).toHaveLength(32);
    expect(Buffer.from(readFileSync(path.join(dir, 'credentials.key'), 'utf8').trim(), 'base64')).toEqual(generated);
    expect(statSync(path.join(dir, 'credentials.key')).mode & 0o777).toBe(0o600);
    expect(resolveCredentialsKey({}, dir, false, fail)).toEqual(generated);
  });
});
