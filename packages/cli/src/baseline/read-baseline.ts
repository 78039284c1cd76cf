import { readFileSync } from 'node:fs';
import { auditResultSchema, siteAuditResultSchema, type AuditResult, type SiteAuditResult } from '@citable/contract';
import { CliError } from '../cli-error';

/** A result written earlier by `--format json --out FILE`: one page, many pages, or a crawl. */
export type Baseline = { kind: 'audit'; file: string; results: AuditResult[]; single: boolean } | { kind: 'crawl'; file: string; site: SiteAuditResult };

/**
 * Reads and checks a baseline against the contract's schemas: `citable audit` compares with an
 * audit result (an object, or an array for many pages), `citable crawl` with a crawl result.
 */
export function readBaseline(file: string, command: 'audit' | 'crawl'): Baseline {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`--baseline ${file}: no such file`);
    throw new CliError(`--baseline ${file} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const isCrawl = typeof json === 'object' && json !== null && 'site' in json && 'startUrl' in json;
  if (command === 'audit' && isCrawl) throw new CliError(`--baseline ${file} is a citable crawl result: compare it with citable crawl`);
  if (command === 'crawl' && !isCrawl) throw new CliError(`--baseline ${file} is not a citable crawl result (written by citable crawl --format json --out FILE)`);
  if (command === 'crawl') {
    const parsed = siteAuditResultSchema.safeParse((json as { site: unknown }).site);
    if (!parsed.success) throw invalid(file, 'crawl', `site.${pathOf(parsed.error.issues[0].path)}`, parsed.error.issues[0].message);
    return { kind: 'crawl', file, site: parsed.data };
  }
  const single = !Array.isArray(json);
  const items = single ? [json] : (json as unknown[]);
  const results = items.map((item, index) => {
    const parsed = auditResultSchema.safeParse(item);
    if (!parsed.success) throw invalid(file, 'audit', `${single ? '' : `[${index}].`}${pathOf(parsed.error.issues[0].path)}`, parsed.error.issues[0].message);
    return parsed.data;
  });
  return { kind: 'audit', file, results, single };
}

function pathOf(path: PropertyKey[]): string {
  return path.map((part) => (typeof part === 'number' ? `[${part}]` : String(part))).join('.').replace(/\.\[/g, '[');
}

function invalid(file: string, command: string, path: string, message: string): CliError {
  return new CliError(`--baseline ${file} is not a result of citable ${command} --format json (${path.replace(/\.$/, '') || 'the top level'}: ${message})`);
}
