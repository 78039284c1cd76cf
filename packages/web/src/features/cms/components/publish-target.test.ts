import { describe, expect, it } from 'vitest';
import { connectRequest, EMPTY_CONNECT_FIELDS } from './connect-fields';
import { PUBLISH_TARGETS, type PublishValues } from './publish-target';

const values = (target: string, extra: Partial<PublishValues> = {}): PublishValues => ({ target, title: '', content: '', schema: '', live: false, ...extra });
const ITEM = '64a0f0e0d0c0b0a090807061/64a0f0e0d0c0b0a090807062';
const NODE = 'article/1f0c8a52-3e1a-4d55-9b1e-2d7a6c5b4a39';

describe('publish targets', () => {
  it('checks each CMS target as its API names it', () => {
    expect(PUBLISH_TARGETS.webflow.checkTarget(ITEM)).toBeNull();
    expect(PUBLISH_TARGETS.webflow.checkTarget('64a0f0e0d0c0b0a090807062')).toMatch(/collection id\/item id/);
    expect(PUBLISH_TARGETS.contentful.checkTarget('brewGuide')).toBeNull();
    expect(PUBLISH_TARGETS.contentful.checkTarget('')).toBe('Enter the entry id.');
    expect(PUBLISH_TARGETS.drupal.checkTarget('')).toBeNull();
    expect(PUBLISH_TARGETS.drupal.checkTarget(NODE)).toBeNull();
    expect(PUBLISH_TARGETS.drupal.checkTarget('11')).toMatch(/type\/uuid/);
    expect(PUBLISH_TARGETS.shopify.checkTarget('')).toBe('Enter the numeric product id.');
    expect(PUBLISH_TARGETS.wordpress.checkTarget('')).toBeNull();
  });

  it('builds each request with the live choice where the CMS has one', () => {
    expect(PUBLISH_TARGETS.webflow.request(values(ITEM, { live: true }), '<p>x</p>', undefined)).toEqual({ type: 'webflow', body: { action: 'publish', itemId: ITEM, content: '<p>x</p>', schema: undefined, live: true } });
    expect(PUBLISH_TARGETS.contentful.request(values('brewGuide'), undefined, '{}')).toEqual({ type: 'contentful', body: { action: 'publish', entryId: 'brewGuide', content: undefined, schema: '{}', live: false } });
    expect(PUBLISH_TARGETS.drupal.request(values('', { title: ' FAQ ' }), '<p>x</p>', undefined)).toEqual({ type: 'drupal', body: { action: 'publish', nodeId: undefined, title: 'FAQ', content: '<p>x</p>', schema: undefined } });
    expect(PUBLISH_TARGETS.webflow.liveLabel).not.toBeNull();
    expect(PUBLISH_TARGETS.drupal.liveLabel).toBeNull();
  });
});

describe('connect requests', () => {
  it('sends only the credentials of the chosen Drupal sign-in', () => {
    const fields = { ...EMPTY_CONNECT_FIELDS, siteUrl: 'https://cms.example', username: 'ed', password: 'pw', clientId: 'id', clientSecret: 'secret' };
    expect(connectRequest('drupal', fields)).toEqual({ type: 'drupal', body: { action: 'connect', siteUrl: 'https://cms.example', authMethod: 'basic', username: 'ed', password: 'pw' } });
    expect(connectRequest('drupal', { ...fields, authMethod: 'oauth' })).toEqual({ type: 'drupal', body: { action: 'connect', siteUrl: 'https://cms.example', authMethod: 'oauth', clientId: 'id', clientSecret: 'secret' } });
  });

  it('leaves an empty Webflow site id out and defaults the Contentful environment', () => {
    expect(connectRequest('webflow', { ...EMPTY_CONNECT_FIELDS, siteToken: 't' })).toEqual({ type: 'webflow', body: { action: 'connect', siteToken: 't' } });
    expect(connectRequest('contentful', { ...EMPTY_CONNECT_FIELDS, spaceId: ' s1 ', environment: ' ', accessToken: 'a' })).toEqual({ type: 'contentful', body: { action: 'connect', spaceId: 's1', environment: 'master', accessToken: 'a' } });
  });
});
