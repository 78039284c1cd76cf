import { resolveSite, siteAddress, type Profile, type SiteEntry } from '@citable/contract';

export type SiteRole = 'website' | 'competitor' | 'other';

export interface ProfileSite {
  name: string;
  url: string;
  origin: string;
  /** The path the site was entered with, without trailing slashes ('' for a whole origin). */
  path: string;
  role: 'website' | 'competitor';
}

/**
 * The profile's websites and competitors, websites first. A site is its origin plus its path, so a
 * competitor on the same host under another path is a site of its own; the same address listed as
 * both counts once, as the user's.
 */
export function profileSites(profile: Pick<Profile, 'websites' | 'competitors'>): ProfileSite[] {
  const seen = new Set<string>();
  const sites: ProfileSite[] = [];
  const add = (entries: SiteEntry[], role: ProfileSite['role']) => {
    for (const entry of entries) {
      const address = siteAddress(entry.url);
      if (address === null) continue;
      const key = `${address.origin}${address.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      sites.push({ name: entry.name, url: entry.url, origin: address.origin, path: address.path, role });
    }
  };
  add(profile.websites, 'website');
  add(profile.competitors, 'competitor');
  return sites;
}

/**
 * The site an audited address belongs to (contract `resolveSite`): the longest listed path it lies
 * within, the website on a tie; by host only when no path matches, the website first.
 */
export function siteForUrl(sites: ProfileSite[], url: string | null): ProfileSite | null {
  return resolveSite(sites, url);
}
