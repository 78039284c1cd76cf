/**
 * Pino redaction paths for CMS credentials. The routes never log request bodies, but an error
 * serialiser or a debug line one day might; these paths keep the secrets out of any log anyway.
 */
export const CREDENTIAL_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-shopify-access-token"]',
  'headers.authorization',
  'headers["x-shopify-access-token"]',
  'applicationPassword',
  'accessToken',
  'siteToken',
  'password',
  'clientSecret',
  'credentials',
  '*.applicationPassword',
  '*.accessToken',
  '*.siteToken',
  '*.password',
  '*.clientSecret',
  '*.credentials',
  '*.credentialsEncrypted',
  '*.*.applicationPassword',
  '*.*.accessToken',
];
