import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AuditResult, ErrorPage, SiteContext } from '@citable/contract';
import { user } from '../../../db/auth-schema';
import { auditRuns } from '../../../db/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A site audit in progress, split into page jobs (features/audits/crawl): what every page job
 * needs to fetch and audit its page the way the start did. One row per run, written once by the
 * run's coordinator job; the counters are updated under this row's lock, which is also what
 * serialises the discovery of new URLs.
 */
export const siteCrawls = pgTable('site_crawls', {
  runId: uuid('run_id')
    .primaryKey()
    .references(() => auditRuns.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** The origin the crawl stays on (the start URL's after redirects). */
  origin: text('origin').notNull(),
  /** The start page's normalised final URL: its row discovers the links of the start page and the sitemap. */
  startPageUrl: text('start_page_url').notNull(),
  /** robots.txt's text; null when it sets no rule. */
  robotsTxt: text('robots_txt'),
  /** The site context every page is audited with (robots.txt, llms.txt, the sitemap and its URLs); null once the crawl is released (features/audits/crawl/crawl-store.ts releaseFinishedCrawl). */
  site: jsonb('site').$type<SiteContext>(),
  maxPages: integer('max_pages').notNull(),
  /** URLs the crawl may ever know (redirects, duplicates and errors use URLs without adding pages). */
  maxUrls: integer('max_urls').notNull(),
  urlsKnown: integer('urls_known').notNull().default(0),
  pagesAudited: integer('pages_audited').notNull().default(0),
  crawlDelayMs: integer('crawl_delay_ms').notNull().default(0),
  /** With a Crawl-delay: when the next request to the site may start, whichever process makes it. */
  nextFetchAt: at('next_fetch_at').defaultNow().notNull(),
  createdAt: at('created_at').defaultNow().notNull(),
});

/**
 * Every URL a site crawl knows, keyed by (run, normalised URL): the unique key is what makes a
 * URL fetched and audited at most once per run, however many pages link to it and however often a
 * page job is delivered. Status: waiting (found, not yet admitted: pages are admitted in discovery
 * order, crawl-store.ts admitPages), queued (admitted: a page job will handle it), done (audited: `result`),
 * error-page (answered 4xx/5xx or is a soft 404, not scored: `result` is the ErrorPage, `detail`
 * its reason), skipped (redirect, duplicate, robots.txt, not HTML, over the page limit: `detail`),
 * failed (could not be read: `detail` is the crawler's message).
 */
export const crawlPages = pgTable(
  'crawl_pages',
  {
    /** Discovery order, so the stored audit lists pages breadth first as a single crawl did. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => auditRuns.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    depth: integer('depth').notNull(),
    /**
     * Discovery order within a depth, independent of which page job ended first: the parent's
     * position followed by the link's index on the parent (six digits each), so that
     * (depth, position) orders the site breadth first as a single crawl would. Null in rows made
     * before it was added.
     */
    position: text('position'),
    /** The page whose job discovered this URL and sends its page job (null for the start page). */
    parentUrl: text('parent_url'),
    status: text('status').notNull(),
    /** Whether its page job was sent; a parent retried after a crash sends the ones it had not. */
    jobSent: boolean('job_sent').notNull().default(false),
    /** Page job deliveries it took to settle: more than one when its worker died or the job failed and was retried. */
    attempts: integer('attempts').notNull().default(0),
    /** The audit of a done page, or the ErrorPage of an error-page one. */
    result: jsonb('result').$type<AuditResult | ErrorPage>(),
    detail: text('detail'),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex('crawl_pages_run_url_idx').on(table.runId, table.url),
    index('crawl_pages_unsent_idx').on(table.runId, table.parentUrl).where(sql`${table.jobSent} = false`),
    index('crawl_pages_queued_idx').on(table.runId).where(sql`${table.status} = 'queued'`),
    index('crawl_pages_waiting_idx').on(table.runId, table.depth, table.position).where(sql`${table.status} = 'waiting'`),
  ],
);
