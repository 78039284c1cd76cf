import type { PlaybookMatch, PlaybooksResponse } from '@citable/contract';

/** The card's figure: how many of the playbook's checks the latest audit fails ("3 of 4 checks to fix"). */
export function matchLabel(match: PlaybookMatch): string {
  if (match.failing === 0) return `All ${match.total} checks pass`;
  return `${match.failing} of ${match.total} check${match.total === 1 ? '' : 's'} to fix`;
}

/** Where the figure comes from: the audit it is measured against, named by host and day. */
export function matchExplanation(match: PlaybookMatch, audit: PlaybooksResponse['matchAudit']): string {
  const host = audit?.websiteUrl && URL.canParse(audit.websiteUrl) ? new URL(audit.websiteUrl).host : null;
  const source = `your latest audit${host ? ` of ${host}` : ''}${audit ? ` on ${audit.auditedAt.slice(0, 10)}` : ''}`;
  const checks = `${match.total} check${match.total === 1 ? '' : 's'} this playbook works on`;
  if (match.failing === 0) return `All ${checks} pass in ${source}.`;
  return `Of the ${checks}, ${match.failing} (${match.percent}%) fail${match.failing === 1 ? 's' : ''} in ${source}.`;
}
