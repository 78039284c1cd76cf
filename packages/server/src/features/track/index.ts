export { addressVariants, listOwnAuditSummaries, ownAuditCondition, ownAudits, ownerSites, siteAuditCondition, siteParams } from './own-audits';
export { profileSites } from './site-roles';
export { alertsAfterSave, trackPlugin } from './track-plugin';
