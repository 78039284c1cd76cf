import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where report files live. Keys are relative paths such as `<user_id>/<report_id>.pdf`. */
export interface ReportStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Null when no file has that key. */
  get(key: string): Promise<Buffer | null>;
  /** Succeeds when the file is already gone. */
  delete(key: string): Promise<void>;
}

export function reportKey(userId: string, reportId: string, extension: string): string {
  return `${userId}/${reportId}.${extension}`;
}

/** The report's data as gathered, from which the other formats are rendered on request. */
export function documentKey(userId: string, reportId: string): string {
  return reportKey(userId, reportId, 'json');
}

/** Files under `DATA_DIR/reports`, the default backend. */
export function localReportStorage(root: string): ReportStorage {
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    // Keys are built from ids, but a path never leaves the root whatever a row holds.
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Report key outside the storage root: ${key}`);
    return file;
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
