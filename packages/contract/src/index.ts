export * from './site-snapshot';
export * from './ai-crawlers';
