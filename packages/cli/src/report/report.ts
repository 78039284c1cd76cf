import type { ErrorPage, SiteAuditResult } from '@citable/contract';
import type { Comparison } from '../baseline/compare';
import type { CheckCatalog } from '../gates/check-catalog';
import type { GateResult } from '../gates/evaluate';
import type { PageView } from './page-view';

/** Everything a run's reports (Markdown, HTML, SARIF, JUnit, the text report's gates) are made from. */
export interface Report {
  command: 'audit' | 'crawl';
  /** What was audited: the page, "3 pages", or the crawl's start URL. */
  subject: string;
  /** The audited pages with every check's verdict (a crawl keeps them only for SARIF, JUnit and check gates). */
  pages: PageView[];
  /** A crawl's site result. */
  site?: SiteAuditResult;
  /** Pages that answered 4xx/5xx or are soft 404s: not audited. */
  errorPages: ErrorPage[];
  /** Pages that could not be audited. */
  failed: { url: string; message: string }[];
  gates: GateResult[];
  comparison?: Comparison;
  /** Whether regressions fail the run (--fail-on-regression). */
  failOnRegression: boolean;
  /** The checks that ran, as the engine describes them (a crawl with no use for them has none). */
  catalog: Pick<CheckCatalog, 'checks' | 'byId' | 'skipped'>;
  /** The CLI's version, for SARIF's tool.driver. */
  version: string;
}
