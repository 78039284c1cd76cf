import { describe, expect, it } from 'vitest';
import { s3ReportStorage } from './s3-storage';

/** An in-memory bucket answering like S3: 200 on PUT and GET, 404 for a missing key, 204 on DELETE. */
function fakeBucket() {
  const objects = new Map<string, Buffer>();
  const requests: { method: string; url: string; authorization: string | null; contentType: string | null }[] = [];
  const fetchImpl = (async (input: URL | string, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    requests.push({ method: init?.method ?? 'GET', url: url.toString(), authorization: headers.get('authorization'), contentType: headers.get('content-type') });
    if (init?.method === 'PUT') {
      objects.set(url.pathname, Buffer.from(init.body as Uint8Array));
      return new Response(null, { status: 200 });
    }
    if (init?.method === 'DELETE') {
      objects.delete(url.pathname);
      return new Response(null, { status: 204 });
    }
    const object = objects.get(url.pathname);
    return object ? new Response(new Uint8Array(object)) : new Response('<Error><Code>NoSuchKey</Code></Error>', { status: 404 });
  }) as typeof fetch;
  return { objects, requests, fetchImpl };
}

describe('s3ReportStorage', () => {
  it('puts, gets and deletes path-style objects with signed requests', async () => {
    const bucket = fakeBucket();
    const storage = s3ReportStorage({ kind: 's3', bucket: 'reports', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'AK', secretAccessKey: 'SK' }, bucket.fetchImpl);
    await storage.put('user-1/abc.pdf', Buffer.from('%PDF-1.3'), 'application/pdf');
    expect(bucket.requests[0]).toMatchObject({ method: 'PUT', url: 'http://127.0.0.1:9000/reports/user-1/abc.pdf', contentType: 'application/pdf' });
    expect(bucket.requests[0]!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AK\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect((await storage.get('user-1/abc.pdf'))?.toString()).toBe('%PDF-1.3');
    await storage.delete('user-1/abc.pdf');
    expect(await storage.get('user-1/abc.pdf')).toBeNull();
  });
});
