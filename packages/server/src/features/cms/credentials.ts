import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown when stored credentials cannot be decrypted: another key, or a tampered value. */
export class CredentialsUnreadableError extends Error {
  constructor() {
    super('The stored CMS credentials cannot be decrypted with the configured CREDENTIALS_KEY; reconnect the integration.');
  }
}

/**
 * AES-256-GCM with a fresh random IV per value; the result is base64 of iv | tag | ciphertext. GCM's
 * tag makes any change to the stored value (or a wrong key) fail loudly instead of yielding garbage.
 * The associated data binds the envelope to its row's user and CMS type, so a value copied into
 * another user's row does not decrypt.
 */
export function encryptCredentials(key: Buffer, value: unknown, associatedData: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

export function decryptCredentials<T>(key: Buffer, envelope: string, associatedData: string): T {
  const bytes = Buffer.from(envelope, 'base64');
  if (bytes.length <= IV_BYTES + TAG_BYTES) throw new CredentialsUnreadableError();
  try {
    const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  } catch {
    throw new CredentialsUnreadableError();
  }
}
