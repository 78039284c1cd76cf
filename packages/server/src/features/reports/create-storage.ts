import { s3ReportStorage } from './s3-storage';
import type { ReportStorageSettings } from '../../settings/report-storage';
import { localReportStorage, type ReportStorage } from './storage';

/** The backend the settings name: S3-compatible object storage, or files under DATA_DIR/reports. */
export function createReportStorage(settings: ReportStorageSettings): ReportStorage {
  return settings.kind === 's3' ? s3ReportStorage(settings) : localReportStorage(settings.root);
}
