import { PUBLIC_API_V1_MESSAGES } from '@citable/contract';
import { HttpError } from '../../lib/http-error';

/**
 * Opaque cursors of the v1 lists: base64url of a kind tag and the sort key of the last item sent.
 * The next page starts strictly after that key, so items inserted meanwhile never shift a page
 * (they sort before the cursor, or after it, but never repeat or skip an item already listed).
 */
export function encodeCursor(kind: string, parts: readonly string[]): string {
  return Buffer.from(JSON.stringify([kind, ...parts])).toString('base64url');
}

export const badCursor = () => new HttpError(400, { error: PUBLIC_API_V1_MESSAGES.badCursor, details: [{ path: 'querystring.cursor', message: PUBLIC_API_V1_MESSAGES.badCursor }] });

/** The parts of a cursor of `kind`, each checked by its pattern; 400 for anything else. */
export function decodeCursor(cursor: string, kind: string, patterns: readonly RegExp[]): string[] {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(decoded) || decoded[0] !== kind || decoded.length !== patterns.length + 1) throw badCursor();
  const parts = decoded.slice(1);
  if (!parts.every((part, index) => typeof part === 'string' && patterns[index].test(part))) throw badCursor();
  return parts as string[];
}
