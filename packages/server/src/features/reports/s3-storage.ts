import type { ReportSettingsS3 } from '../../settings/report-storage';
import { sha256Hex, signV4, uriEncode } from './sigv4';
import type { ReportStorage } from './storage';

/**
 * Report files in an S3-compatible bucket, path-style (`endpoint/bucket/key`, which every
 * S3-compatible store accepts), through signed fetch calls rather than an SDK.
 */
export function s3ReportStorage(settings: ReportSettingsS3, fetchImpl: typeof fetch = fetch): ReportStorage {
  const call = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) => {
    const url = new URL(`${settings.endpoint}/${uriEncode(settings.bucket, false)}/${uriEncode(key, true)}`);
    const headers = signV4({
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payloadHash: sha256Hex(body ?? ''),
      region: settings.region,
      service: 's3',
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      now: new Date(),
    });
    delete headers.host;
    return fetchImpl(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
  };
  const fail = async (response: Response, what: string) => new Error(`S3 ${what} failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return {
    async put(key, data, contentType) {
      const response = await call('PUT', key, data, contentType);
      if (!response.ok) throw await fail(response, `PUT ${key}`);
    },
    async get(key) {
      const response = await call('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) throw await fail(response, `GET ${key}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await call('DELETE', key);
      // S3 answers 204 whether or not the object existed; some compatible stores answer 404.
      if (!response.ok && response.status !== 404) throw await fail(response, `DELETE ${key}`);
    },
  };
}
