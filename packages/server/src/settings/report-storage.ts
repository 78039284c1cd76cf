import path from 'node:path';

/** Where report files go: DATA_DIR/reports, or an S3-compatible bucket when S3_* are all set. */
export interface ReportSettingsS3 {
  kind: 's3';
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}
export type ReportStorageSettings = { kind: 'local'; root: string } | ReportSettingsS3;

const S3_KEYS = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export function readReportStorageSettings(env: Record<string, string | undefined>, dataDir: string, configError: (message: string) => Error): ReportStorageSettings {
  const set = S3_KEYS.filter((key) => env[key]);
  if (set.length === 0) return { kind: 'local', root: path.join(dataDir, 'reports') };
  // Half a configuration would silently keep reports on local disk; say what is missing instead.
  if (set.length < S3_KEYS.length) throw configError(`Report storage in S3 needs ${S3_KEYS.join(', ')}; missing ${S3_KEYS.filter((key) => !env[key]).join(', ')}.`);
  const endpoint = env.S3_ENDPOINT!.replace(/\/+$/, '');
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol)) throw configError(`S3_ENDPOINT must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com, got "${endpoint}"`);
  return { kind: 's3', bucket: env.S3_BUCKET!, endpoint, region: env.S3_REGION || 'us-east-1', accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! };
}
