import { SafeFetcher } from '@citable/crawler';
import { resolveAuditTarget, type AuditTarget } from '../audit-target';
import { CliError } from '../cli-error';
import type { LoadedConfig } from '../config-file';
import type { Io } from '../io';
import { readStdin } from './read-stdin';
import { readUrlList } from './read-url-list';
import { sitemapPages } from './sitemap-urls';

export interface TargetSources {
  positionals: string[];
  /** --urls FILE */
  urlsFile?: string;
  /** --sitemap URL */
  sitemap?: string;
  /** --max-urls N, else the config's maxUrls, else the default. */
  maxUrls: number;
}

export interface Targets {
  targets: AuditTarget[];
  /**
   * True unless the run names exactly one page on the command line: a list (--urls, --sitemap,
   * the config's urls or sitemap) or several pages. Many pages print a JSON array, carry on past
   * a page that fails, and apply the gates to each page.
   */
  many: boolean;
}

/**
 * The pages of `citable audit`: the command line's (pages, --urls, --sitemap, together), or when
 * it names none, the config's `urls` and `sitemap`. "-" is the page on standard input.
 */
export async function collectTargets(sources: TargetSources, loaded: LoadedConfig, io: Io): Promise<Targets> {
  const fromCommandLine = sources.positionals.length > 0 || sources.urlsFile !== undefined || sources.sitemap !== undefined;
  const { config } = loaded;
  const names: string[] = [];
  let sitemap: string | undefined;
  let listed = false;
  if (fromCommandLine) {
    names.push(...sources.positionals);
    if (sources.urlsFile !== undefined) {
      names.push(...readUrlList(sources.urlsFile));
      listed = true;
    }
    sitemap = sources.sitemap;
  } else {
    // Paths in the config are relative to its folder; URLs are left as they are.
    names.push(...(config.urls ?? []).map((name) => (resolveAuditTarget(name).kind === 'file' ? loaded.resolvePath(name) : name)));
    sitemap = config.sitemap;
    listed = names.length > 0;
  }
  if (sitemap !== undefined) {
    const fetcher = new SafeFetcher();
    try {
      const pages = await sitemapPages(sitemap, sources.maxUrls, fetcher);
      for (const note of pages.notes) io.stderr.write(`citable: ${note}\n`);
      names.push(...pages.urls);
      listed = true;
    } finally {
      await fetcher.close();
    }
  }
  if (names.length === 0) throw new CliError('citable audit needs a URL or file, a --urls list, a --sitemap, or urls in citable.config.json (see citable help audit)');
  const unique = [...new Set(names)];
  const targets: AuditTarget[] = [];
  for (const name of unique) targets.push(name === '-' ? { kind: 'stdin', text: await readStdin(io.stdin) } : resolveAuditTarget(name));
  return { targets, many: listed || unique.length > 1 };
}
