import { generateReportRequestSchema, type ReportConfig } from '@citable/contract';
import type { z } from 'zod';

/** What the reports row keeps of the request: the validated config plus the chosen website. */
export interface StoredReportConfig extends ReportConfig {
  website: string | null;
}

export function storedConfig(request: z.output<typeof generateReportRequestSchema>): StoredReportConfig {
  return { ...request.config, website: request.reportData?.website ?? null };
}
