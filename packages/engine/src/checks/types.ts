import type { CheckDetail, IssueCategory, IssuePriority, SiteContext } from '@citable/contract';
import type { PageModel } from '../model/types';

/** Facts from outside the document that a check may need; never read from the clock. */
export interface CheckEnv {
  /** The moment the audit is about (ms since epoch); null leaves date-relative checks not applicable. */
  now: number | null;
}

export interface NotApplicable {
  applicable: false;
  explanation: string;
}

export interface Scored {
  applicable: true;
  /** 0..1; 1 is a full pass. */
  score: number;
  /**
   * The headline of this finding, written from what was found ("FAQ not marked up as FAQPage",
   * "Page has no FAQ section"): it stands over the explanation in reports, alerts and digests, so
   * it must never contradict it. Absent on a full pass, where the check's `title` is shown.
   */
  title?: string;
  explanation: string;
  details?: CheckDetail[];
  /** Overrides the check's default priority for this failure (a blocked search crawler is High). */
  priority?: IssuePriority;
  /** A fix specific to this failure; the check's default suggestion otherwise. */
  suggestion?: string;
}

export type CheckResult = NotApplicable | Scored;

export interface Check<O extends object = object> {
  /** kebab-case noun, the module's file name. */
  id: string;
  /** What a passing page has; shown over a full pass. */
  title: string;
  /**
   * A headline true of every way the check can fail, for where several findings are merged (a
   * site's pages failing it for different reasons). A single failure shows its own `Scored.title`.
   */
  failureTitle: string;
  /** Why it matters for AI visibility. */
  description: string;
  learnMore: string;
  category: IssueCategory;
  /** Priority of the issue when the check fails, unless the result overrides it. */
  priority: IssuePriority;
  suggestion: string;
  /** Thresholds, documented in SCORING.md; callers may override them per audit. */
  defaultOptions: O;
  run(model: PageModel, site: SiteContext | null, options: O, env: CheckEnv): CheckResult;
}
