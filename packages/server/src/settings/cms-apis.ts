type Env = Record<string, string | undefined>;

/**
 * Where the hosted CMS APIs live. Webflow and Contentful are reached at their vendor's address,
 * not at one the user types, so only the operator can change it: a proxy, or a local fake in
 * tests. WordPress, Shopify and Drupal are reached at the site's own address instead.
 */
export interface CmsApiSettings {
  /** Webflow Data API v2 (WEBFLOW_API_URL), e.g. https://api.webflow.com/v2. */
  webflowApiUrl: string;
  /** Contentful Content Management API (CONTENTFUL_API_URL), e.g. https://api.contentful.com. */
  contentfulApiUrl: string;
}

export const CMS_API_DEFAULTS: CmsApiSettings = {
  // https://developers.webflow.com/data/reference (base URL of the v2 Data API)
  webflowApiUrl: 'https://api.webflow.com/v2',
  // https://www.contentful.com/developers/docs/references/content-management-api/
  contentfulApiUrl: 'https://api.contentful.com',
};

function readUrl(env: Env, name: string, fallback: string, fail: (message: string) => Error): string {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw fail(`${name} must be an absolute http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

export function readCmsApiSettings(env: Env, fail: (message: string) => Error): CmsApiSettings {
  return {
    webflowApiUrl: readUrl(env, 'WEBFLOW_API_URL', CMS_API_DEFAULTS.webflowApiUrl, fail),
    contentfulApiUrl: readUrl(env, 'CONTENTFUL_API_URL', CMS_API_DEFAULTS.contentfulApiUrl, fail),
  };
}
