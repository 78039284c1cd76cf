export { createReportStorage } from './create-storage';
export { generateReport, reportGenerateJob } from './generate-job';
export { reportAllowanceUsed } from './request-gates';
export { reportRoutes } from './routes';
export { documentKey, reportKey } from './storage';
export type { ReportStorage } from './storage';
export { createReport, deleteReport, getReport } from './store';
export type { StoredReportConfig } from './stored-config';
