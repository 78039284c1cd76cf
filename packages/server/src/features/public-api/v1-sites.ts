import { PUBLIC_API_V1_MESSAGES, V1_PAGE_DEFAULT, siteAddress, type Profile, type SiteEntry, type V1PageQuery, type V1Site, type V1SiteCreate } from '@citable/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { getOrCreateProfile, logActivity, updateProfile } from '../profile';
import { enforceWorkspaceSiteCaps } from '../workspaces';
import { decodeCursor, encodeCursor } from './cursor';

/** The two lists of the profile the API manages: the account's websites and its competitors. */
export type SiteList = 'websites' | 'competitors';

const MESSAGES: Record<SiteList, { exists: string; notFound: string }> = {
  websites: { exists: PUBLIC_API_V1_MESSAGES.websiteExists, notFound: PUBLIC_API_V1_MESSAGES.websiteNotFound },
  competitors: { exists: PUBLIC_API_V1_MESSAGES.competitorExists, notFound: PUBLIC_API_V1_MESSAGES.competitorNotFound },
};

/**
 * The id of an entry: its address (origin and path, as the dashboard tells sites apart, see
 * track/site-roles.ts) in base64url. Stable across renames and the same for every reader, with no
 * column to add: the profile keeps its lists as JSON.
 */
export function siteId(url: string): string | null {
  const address = siteAddress(url);
  return address ? Buffer.from(`${address.origin}${address.path}`).toString('base64url') : null;
}

function toView(entry: SiteEntry): V1Site | null {
  const id = siteId(entry.url);
  return id ? { id, name: entry.name, url: entry.url } : null;
}

/** A site id as siteId makes it: canonical base64url (it decodes and encodes back to itself), of bounded length. */
const isSiteId = (part: string) => /^[A-Za-z0-9_-]{1,3000}$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;

/** One page of a list, sorted by id, so a cursor (the last id sent) holds under inserts and deletes. */
export async function listSites(db: Db, userId: string, list: SiteList, page: V1PageQuery): Promise<{ items: V1Site[]; nextCursor: string | null }> {
  const after = page.cursor === undefined ? null : decodeCursor(page.cursor, list, [isSiteId])[0];
  const profile = await getOrCreateProfile(db, userId);
  const sorted = profile[list]
    .map(toView)
    .filter((site): site is V1Site => site !== null && (after === null || site.id > after))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const limit = page.limit ?? V1_PAGE_DEFAULT;
  const items = sorted.slice(0, limit);
  return { items, nextCursor: sorted.length > limit ? encodeCursor(list, [items[items.length - 1].id]) : null };
}

async function logChange(db: Db, userId: string, list: SiteList): Promise<void> {
  // Spec 001 §8: activity tracking errors are swallowed; the change itself is saved.
  await logActivity(db, userId, { type: 'settings_updated', data: { fields: list, via: 'api' } }).catch(() => null);
}

/**
 * Adds an entry as Settings does: the same validation (the contract's site entry), the same plan
 * caps counted over the whole workspace, with their 403 naming the plan that allows more.
 */
export async function addSite(db: Db, userId: string, list: SiteList, entry: V1SiteCreate): Promise<V1Site> {
  const site = toView(entry);
  if (!site) throw new HttpError(400, { error: 'Enter a full web address starting with https://', details: [{ path: 'body.url', message: 'Enter a full web address starting with https://' }] });
  await editLocked(db, userId, async (tx, profile) => {
    if (profile[list].some((existing) => siteId(existing.url) === site.id)) throw new HttpError(409, { error: MESSAGES[list].exists });
    const next = [...profile[list], { name: entry.name, url: entry.url }];
    await enforceWorkspaceSiteCaps(tx, userId, profile.plan, { [list]: next });
    await updateProfile(tx, userId, { [list]: next });
  });
  await logChange(db, userId, list);
  return site;
}

/**
 * Reads and rewrites the profile's lists under a row lock: two calls at once (a script adding
 * sites in parallel) each see the other's entry, so none is lost and the plan's cap holds.
 */
async function editLocked(db: Db, userId: string, edit: (tx: Db, profile: Profile) => Promise<void>): Promise<void> {
  await getOrCreateProfile(db, userId);
  await db.transaction(async (tx) => {
    await tx.select({ userId: userProfiles.userId }).from(userProfiles).where(eq(userProfiles.userId, userId)).for('update');
    await edit(tx, await getOrCreateProfile(tx, userId));
  });
}

/** Removes an entry by id; 404 when the key owner has none with that id, 409 for the last website. */
export async function removeSite(db: Db, userId: string, list: SiteList, id: string): Promise<void> {
  await editLocked(db, userId, async (tx, profile) => {
    const kept = profile[list].filter((entry) => siteId(entry.url) !== id);
    if (kept.length === profile[list].length) throw new HttpError(404, { error: MESSAGES[list].notFound });
    // Settings refuses to save an empty website list: every account keeps one site to track.
    if (list === 'websites' && kept.length === 0) throw new HttpError(409, { error: PUBLIC_API_V1_MESSAGES.lastWebsite });
    await updateProfile(tx, userId, { [list]: kept });
  });
  await logChange(db, userId, list);
}
