/** What the dashboard composes: the overview's audit panel, and the audits it reads for goal progress. */
export { AuditOverview, matchableSites } from './components/audit-overview';
export { AuditProgress } from './components/audit-progress';
export { useAuditInFlight, useRecentAudits } from './hooks/use-recent-audits';
export { isInFlight, useAuditRun } from './hooks/use-audit-run';
export { auditKeys, fetchRecentAudits, startAudit } from './api/audits';
export { refreshAfterAudit } from './lib/refresh-after-audit';
