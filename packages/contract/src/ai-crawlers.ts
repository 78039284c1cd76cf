import type { AiCrawlerDefinition } from './site-snapshot';

/**
 * The AI crawlers Citable reports on, grouped by purpose. Blocking a training crawler does not
 * remove a site from AI answers; blocking a search or user-triggered crawler does.
 */
export const AI_CRAWLERS: readonly AiCrawlerDefinition[] = [
  { token: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot' },
  { token: 'Claude-SearchBot', operator: 'Anthropic', purpose: 'search', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)' },
  { token: 'PerplexityBot', operator: 'Perplexity', purpose: 'search', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)' },
  { token: 'ChatGPT-User', operator: 'OpenAI', purpose: 'user', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot' },
  { token: 'Claude-User', operator: 'Anthropic', purpose: 'user', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)' },
  { token: 'Perplexity-User', operator: 'Perplexity', purpose: 'user', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)' },
  { token: 'GPTBot', operator: 'OpenAI', purpose: 'training', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot' },
  { token: 'ClaudeBot', operator: 'Anthropic', purpose: 'training', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)' },
  { token: 'Google-Extended', operator: 'Google', purpose: 'training', userAgent: 'Google-Extended' },
  { token: 'Applebot-Extended', operator: 'Apple', purpose: 'training', userAgent: 'Applebot-Extended' },
  { token: 'CCBot', operator: 'Common Crawl', purpose: 'training', userAgent: 'CCBot/2.0 (https://commoncrawl.org/faq/)' },
  { token: 'Bytespider', operator: 'ByteDance', purpose: 'training', userAgent: 'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)' },
  { token: 'meta-externalagent', operator: 'Meta', purpose: 'training', userAgent: 'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)' },
  { token: 'Amazonbot', operator: 'Amazon', purpose: 'training', userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)' },
  { token: 'cohere-ai', operator: 'Cohere', purpose: 'training', userAgent: 'cohere-ai' },
];

export const AI_CRAWLER_PURPOSE_LABELS = {
  search: 'Search and indexing',
  user: 'User-triggered fetches',
  training: 'Model training',
} as const;
