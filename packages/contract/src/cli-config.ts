import { z } from 'zod';

/**
 * `citable.config.json`: what the `citable` command reads from the working folder (or from
 * `--config FILE`) for CI: the pages to audit, the gates a run must pass and the checks to skip.
 * Options given on the command line override it. Unknown fields are refused, so a typo in a
 * field name is an error rather than a gate silently not applied.
 */

export const CITABLE_CONFIG_FILE = 'citable.config.json';

const score = z.number({ error: 'expected a score from 0 to 100' }).min(0, { error: 'expected a score from 0 to 100' }).max(100, { error: 'expected a score from 0 to 100' });

export const citableConfigSchema = z.strictObject({
  /** A JSON schema reference for editors; ignored. */
  $schema: z.string().optional(),
  /** Pages to audit (URLs, or paths of HTML, Markdown or text files) when the command line names none. */
  urls: z.array(z.string().trim().min(1, { error: 'expected a URL or a file path' })).min(1, { error: 'expected at least one URL' }).optional(),
  /** A sitemap (or sitemap index) whose pages are audited when the command line names none. */
  sitemap: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  /** Pages read from a sitemap at most. */
  maxUrls: z.number().int().min(1).max(10_000).optional(),
  /** The overall score each page (a crawl: the site) must reach. */
  failUnder: score.optional(),
  /**
   * Thresholds per subscore and per check: `{ "ai-understanding": 70, "check:document-title": "pass" }`,
   * the same keys as `--assert KEY=VALUE`.
   */
  assert: z.record(z.string(), z.union([score, z.literal('pass')], { error: 'expected a score from 0 to 100, or "pass" for a check' })).optional(),
  /** Check ids left out: not run, not scored, not asserted, not reported. */
  skip: z.array(z.string(), { error: 'expected a list of check ids' }).optional(),
  /** A JSON result written earlier (`--format json --out FILE`) to compare with. */
  baseline: z.string().min(1).optional(),
  /** Fail (exit 1) when a score or a check is worse than in the baseline. */
  failOnRegression: z.boolean().optional(),
});
export type CitableConfig = z.infer<typeof citableConfigSchema>;
