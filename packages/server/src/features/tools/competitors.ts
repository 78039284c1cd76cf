import { TOOL_MAX_COMPETITORS, type Profile } from '@citable/contract';

function origin(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/** The profile's stored competitors' URLs, at most the tools' limit. */
export function storedCompetitorUrls(profile: Profile): string[] {
  return profile.competitors.slice(0, TOOL_MAX_COMPETITORS).map((c) => c.url);
}

/** A site's name as the user stored it among their websites or competitors, else its host. */
export function siteLabel(profile: Profile, url: string): string {
  const key = origin(url);
  const stored = [...profile.websites, ...profile.competitors].find((entry) => key !== null && origin(entry.url) === key);
  if (stored?.name) return stored.name;
  return key === null ? url : new URL(key).host;
}

/** The user's first website: the tools that read "your site" without a URL use it. */
export function firstWebsite(profile: Profile): string | null {
  return profile.websites[0]?.url ?? null;
}
