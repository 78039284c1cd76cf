import type { AuditResult, IssuePriority, Subscores } from '@citable/contract';

/** A check's verdict on one page: the engine's (a failing check is an issue of the result). */
export type CheckState = 'pass' | 'fail' | 'not-applicable' | 'error';

export interface PageCheck {
  id: string;
  /** The engine's title for this outcome (its failure title when it lost points). */
  title: string;
  state: CheckState;
  /** 0..1, or null when it did not apply or could not run. */
  score: number | null;
  /** This page's priority for the failure (a result may raise the check's default). */
  priority: IssuePriority;
  pointsLost: number;
  /** Why it failed or could not run; empty for a pass (not kept, to keep crawls small). */
  explanation: string;
}

/** One audited page as the gates, the comparison and the reports read it. */
export interface PageView {
  /** How the page is named in messages: its URL, file path or "stdin". */
  label: string;
  /** Where the page lives for SARIF and JUnit: the URL, the file path, or "stdin". */
  uri: string;
  url: string | null;
  title: string | null;
  httpStatus?: number;
  overallScore: number;
  subscores: Subscores;
  checks: PageCheck[];
}

/** The view of a page's audit result; `label` defaults to its URL. */
export function pageViewOf(result: AuditResult, label?: string): PageView {
  const failing = new Set(result.issues.map((issue) => issue.checkId));
  const name = label ?? result.page.url ?? result.page.title ?? 'page';
  return {
    label: name,
    uri: result.page.url ?? name,
    url: result.page.url,
    title: result.page.title,
    ...(result.page.httpStatus !== undefined ? { httpStatus: result.page.httpStatus } : {}),
    overallScore: result.overallScore,
    subscores: result.subscores,
    checks: result.checks.map((check) => {
      const state: CheckState = check.error !== undefined ? 'error' : !check.applicable ? 'not-applicable' : failing.has(check.id) ? 'fail' : 'pass';
      return {
        id: check.id,
        title: check.title,
        state,
        score: check.score,
        priority: check.priority,
        pointsLost: check.pointsLost,
        explanation: state === 'fail' || state === 'error' ? check.explanation : '',
      };
    }),
  };
}
