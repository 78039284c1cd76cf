export * from './site-snapshot';
export * from './ai-crawlers';
export * from './audit-result';
