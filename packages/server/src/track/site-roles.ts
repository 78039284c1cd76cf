import type { Profile, SiteEntry } from '@citable/contract';
import { originOf } from '../services/audits/history';

export type SiteRole = 'website' | 'competitor' | 'other';

export interface ProfileSite {
  name: string;
  url: string;
  origin: string;
  role: 'website' | 'competitor';
}

/** The profile's websites and competitors with their origins; a site listed as both counts as the user's. */
export function profileSites(profile: Pick<Profile, 'websites' | 'competitors'>): ProfileSite[] {
  const seen = new Set<string>();
  const sites: ProfileSite[] = [];
  const add = (entries: SiteEntry[], role: ProfileSite['role']) => {
    for (const entry of entries) {
      const origin = originOf(entry.url);
      if (origin === null || seen.has(origin)) continue;
      seen.add(origin);
      sites.push({ name: entry.name, url: entry.url, origin, role });
    }
  };
  add(profile.websites, 'website');
  add(profile.competitors, 'competitor');
  return sites;
}

/** Audits are matched to profile sites by origin, so a page audit belongs to its site. */
export function siteForUrl(sites: ProfileSite[], url: string | null): ProfileSite | null {
  const origin = originOf(url);
  return origin === null ? null : (sites.find((site) => site.origin === origin) ?? null);
}
