import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Env = Record<string, string | undefined>;

const KEY_BYTES = 32;

function decodeKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, /[-_]/.test(trimmed) ? 'base64url' : 'base64');
  return decoded.length === KEY_BYTES ? decoded : null;
}

/**
 * The AES-256 key that encrypts stored CMS credentials (CREDENTIALS_KEY: 32 bytes as 64 hex digits
 * or base64). Like the auth secret, development gets one generated into DATA_DIR/credentials.key so
 * nothing needs setting up; production must set it, because a key lost with a data folder would
 * make every stored connection unreadable without anyone noticing until the next publish.
 */
export function resolveCredentialsKey(env: Env, dataDir: string, isProduction: boolean, fail: (message: string) => Error): Buffer {
  const fromEnv = env.CREDENTIALS_KEY;
  if (fromEnv) {
    const key = decodeKey(fromEnv);
    if (!key) throw fail('CREDENTIALS_KEY must be 32 bytes, written as 64 hex digits or in base64 (e.g. `openssl rand -base64 32`).');
    return key;
  }
  if (isProduction) {
    throw fail('CREDENTIALS_KEY is not set. It encrypts stored CMS credentials: set it to 32 random bytes (e.g. `openssl rand -base64 32`) before starting in production, and keep it with your backups.');
  }
  const file = path.join(dataDir, 'credentials.key');
  if (existsSync(file)) {
    const key = decodeKey(readFileSync(file, 'utf8'));
    if (!key) throw fail(`${file} does not hold a 32-byte key; remove it to generate a new one (stored CMS connections then need reconnecting).`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600 });
  return key;
}
