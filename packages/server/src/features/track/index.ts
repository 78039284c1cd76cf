export { addressVariants, listOwnAuditSummaries, ownAuditCondition, ownAudits, ownerSites, siteAuditCondition, siteParams, siteScoreCondition } from './own-audits';
export { profileSites } from './site-roles';
export { trendSeries } from './history/trends-service';
export { alertsAfterSave, trackPlugin } from './track-plugin';
export type { AlertDraft } from './alerts/alert-rules';
export { storeAlerts } from './alerts/alert-store';
