import { sameMeasurement, YOUR_SCORE_MESSAGES, type MeasuredAudit, type RollupRow } from '@citable/contract';

/** A site audit as the roll-up compares it: its score and what it measured (contract sameMeasurement). */
export interface RolledAudit extends MeasuredAudit {
  score: number;
  at: Date;
}

/**
 * A client's score and change from its site audits, newest first: the newest is the score, the
 * change is against the newest earlier one that measured the same pages, and the notes say why
 * either is missing.
 */
export function rolledScore(siteAudits: readonly RolledAudit[], audited: boolean, site: string): Pick<RollupRow, 'latestScore' | 'previousScore' | 'change' | 'lastAuditAt' | 'scoreNote' | 'changeNote'> {
  const [latest, ...earlier] = siteAudits;
  if (!latest) return { latestScore: null, previousScore: null, change: null, lastAuditAt: null, scoreNote: audited ? YOUR_SCORE_MESSAGES.noSiteAudit(site) : null, changeNote: null };
  const previous = earlier.find((audit) => sameMeasurement(audit, latest));
  return {
    latestScore: latest.score,
    previousScore: previous?.score ?? null,
    change: previous ? latest.score - previous.score : null,
    lastAuditAt: latest.at.toISOString(),
    scoreNote: null,
    changeNote: previous ? null : YOUR_SCORE_MESSAGES.nothingToCompare,
  };
}
