import type { PlanId, Profile } from '@citable/contract';
import type { Db } from '../../db/client';
import type { LlmClient } from '../llm';
import type { NetworkDeps } from './read-pages';

/** What every tool run gets: the database, the crawler's allow-list, the caller's profile and the clock. */
export interface ToolContext extends NetworkDeps {
  db: Db;
  userId: string;
  profile: Profile;
  now: Date;
  /** The operator's model, for the tools that write with it when one is configured (site summaries). */
  llm?: { client: LlmClient; plan: PlanId };
}

/** A tool's result and the website it was about, for the `tool_used` activity. */
export interface ToolOutcome<T> {
  result: T;
  websiteUrl: string | null;
}
