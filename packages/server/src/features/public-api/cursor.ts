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

/** A check of one part of a cursor: true only for a value its query can use as it is. */
export type CursorPart = (part: string) => boolean;

const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/**
 * A timestamp as PostgreSQL prints created_at in UTC with microseconds, naming a real instant: a
 * forged `2026-13-45T99:99:99`, `2026-02-30` or year 0000 passed the format and failed in the
 * query's cast (a 500, issue #35). The date and time must survive a round trip through Date.
 */
export const isCursorTimestamp: CursorPart = (part) => {
  const match = TIMESTAMP_TEXT.exec(part);
  if (!match || Number(match[1]) < 1) return false;
  const instant = new Date(`${part.slice(0, 19)}Z`);
  return !Number.isNaN(instant.getTime()) && instant.toISOString().slice(0, 19) === part.slice(0, 19);
};

export const isUuid: CursorPart = (part) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(part);

/** The parts of a cursor of `kind`, each checked by its own check; 400 for anything else. */
export function decodeCursor(cursor: string, kind: string, checks: readonly CursorPart[]): string[] {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(decoded) || decoded[0] !== kind || decoded.length !== checks.length + 1) throw badCursor();
  const parts = decoded.slice(1);
  if (!parts.every((part, index) => typeof part === 'string' && checks[index](part))) throw badCursor();
  return parts as string[];
}
