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
  title: string;
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
