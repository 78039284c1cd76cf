/** What the dashboard composes: the overview's audit panel, and the audits it reads for goal progress. */
export { AuditOverview } from './components/audit-overview';
export { useRecentAudits } from './hooks/use-recent-audits';
