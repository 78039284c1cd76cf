import { createSafeFetcher } from '@citable/crawler';
import { describe, expect, it } from 'vitest';
import { CmsError } from './cms-error';
import { contentfulConnector } from './contentful-connector';

describe('Contentful connector address rules', () => {
  it('sends the SDK\'s requests through the SSRF-guarded fetcher: a private API address is refused', async () => {
    // 10.0.0.1 is private and not allowed: the fetcher refuses it before any connection is made.
    const connector = contentfulConnector('http://10.0.0.1');
    const fetcher = createSafeFetcher({ allowHosts: [] });
    try {
      const attempt = connector.verify(fetcher, '', { spaceId: 'space1', environment: 'master', accessToken: 'CFPAT-x' });
      await expect(attempt).rejects.toBeInstanceOf(CmsError);
      await expect(attempt).rejects.toThrow(/^could not reach the Contentful API \(.*10\.0\.0\.1.*\)$/);
    } finally {
      await fetcher.close();
    }
  }, 30_000);
});
