import {
  buildCustomPlaybook,
  canUse,
  stepRequiredPlan,
  withOpeningAudits,
  isCustomPlaybookId,
  PLAYBOOK_MESSAGES,
  playbookMatch,
  playbookProgress,
  playbookRequiredPlan,
  PLAYBOOKS,
  PLAYBOOKS_BY_ID,
  recommendPlaybook,
  stepState,
  type GoalId,
  type Playbook,
  type PlaybookListItem,
  type PlaybooksResponse,
  type PlanId,
  type Profile,
  type StepCompleteResponse,
} from '@citable/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { assertEntitled } from '../billing';
import { logActivity } from '../profile';
import { completedSteps, completeStep, getCustomPlaybook, insertCustomPlaybook, latestAudit, latestSiteAudit, listCustomPlaybooks, type LatestAudit } from './store';

export interface PlaybookUser {
  userId: string;
  plan: PlanId;
  goals: readonly GoalId[];
  /** The profile's websites and competitors: playbooks are built from the user's own audits, never a competitor's. */
  sites?: Pick<Profile, 'websites' | 'competitors'>;
}

/** The failing check ids of the audit the matches are measured against; null without one. */
type Failing = ReadonlySet<string> | null;

const failingChecks = (audit: LatestAudit | null): Failing => (audit ? new Set(audit.issues.map((issue) => issue.checkId)) : null);

function listItem(playbook: Playbook, plan: PlanId, failing: Failing): PlaybookListItem {
  const requiredPlan = playbookRequiredPlan(playbook.id);
  const match = playbookMatch(playbook, failing);
  return { ...playbook, requiredPlan, available: canUse(plan, { plan: requiredPlan }), ...(match ? { match } : {}) };
}

/**
 * The audit the playbooks' match is measured against (issue 19): the latest audit of the primary
 * website (the profile's first, the one the overview selects by default), by the site-matching
 * rule, so neither a competitor's audit (on another host, or under another path of the same one)
 * nor another website's counts. Without a website, the newest own audit, `latest`, which the
 * caller has read already.
 */
async function matchAudit(db: Db, user: PlaybookUser, latest: Promise<LatestAudit | null>): Promise<LatestAudit | null> {
  const primary = user.sites?.websites[0]?.url;
  return primary === undefined ? latest : latestSiteAudit(db, user.userId, user.sites!, primary);
}

/** Every playbook with what the plan opens, the progress, its match and the recommendation (spec 002 §2.7, §9). */
export async function listPlaybooks(db: Db, user: PlaybookUser): Promise<PlaybooksResponse> {
  const latestRead = latestAudit(db, user.userId, user.sites);
  const [custom, stored, latest, against] = await Promise.all([listCustomPlaybooks(db, user.userId), completedSteps(db, user.userId), latestRead, matchAudit(db, user, latestRead)]);
  const failing = failingChecks(against);
  const playbooks = [...custom, ...PLAYBOOKS];
  return {
    playbooks: playbooks.map((playbook) => listItem(playbook, user.plan, failing)),
    // An audit of the user's own site already run counts for each playbook's opening audit step.
    completed: withOpeningAudits(playbooks, stored, latest !== null),
    recommendedId: recommendPlaybook(latest?.subscores ?? null, user.goals),
    customAllowed: canUse(user.plan, { area: 'custom-playbook' }),
    matchAudit: against ? { websiteUrl: against.websiteUrl, auditedAt: against.createdAt.toISOString() } : null,
  };
}

async function findPlaybook(db: Db, userId: string, id: string): Promise<Playbook> {
  const playbook = isCustomPlaybookId(id) ? await getCustomPlaybook(db, userId, id) : PLAYBOOKS_BY_ID.get(id);
  if (!playbook) throw new HttpError(404, { error: PLAYBOOK_MESSAGES.notFound });
  return playbook;
}

/**
 * Completes a step when the plan opens the playbook and the step's dependencies are done: 403 and
 * 409 otherwise, so the order a playbook sets holds whatever the client shows.
 */
export async function completePlaybookStep(db: Db, user: PlaybookUser, playbookId: string, stepId: string): Promise<StepCompleteResponse> {
  const playbook = await findPlaybook(db, user.userId, playbookId);
  assertEntitled(user.plan, { plan: playbookRequiredPlan(playbook.id) });
  const step = playbook.steps.find((s) => s.id === stepId);
  if (!step) throw new HttpError(404, { error: PLAYBOOK_MESSAGES.notFound });
  // An upgrade step (its tool above the plan) is not done by opening it: 403 with the plan it needs.
  assertEntitled(user.plan, { plan: stepRequiredPlan(step) });
  const [stored, latest] = await Promise.all([completedSteps(db, user.userId), latestAudit(db, user.userId, user.sites)]);
  const done = new Set(withOpeningAudits([playbook], stored, latest !== null)[playbook.id] ?? []);
  const state = stepState(step, done, user.plan, playbook.steps);
  if (state === 'locked') throw new HttpError(409, { error: PLAYBOOK_MESSAGES.stepLocked, dependsOn: step.dependsOn ?? [] });
  if (state === 'available') {
    await completeStep(db, user.userId, playbook.id, step.id);
    done.add(step.id);
    await logActivity(db, user.userId, { type: 'playbook_step_completed', toolId: step.toolId, data: { playbookId: playbook.id, stepId: step.id, stepTitle: step.title } });
  }
  return { playbookId: playbook.id, completed: playbook.steps.filter((s) => done.has(s.id)).map((s) => s.id), progress: playbookProgress(playbook, done) };
}

/** A custom playbook from the latest audit's failing checks (the caller has checked the plan). */
export async function createCustomPlaybook(db: Db, user: PlaybookUser): Promise<PlaybookListItem> {
  const latest = await latestAudit(db, user.userId, user.sites);
  if (!latest) throw new HttpError(409, { error: PLAYBOOK_MESSAGES.noAudit });
  if (latest.issues.length === 0) throw new HttpError(409, { error: PLAYBOOK_MESSAGES.nothingToFix });
  const source = { issues: latest.issues, websiteUrl: latest.websiteUrl, auditedAt: latest.createdAt.toISOString() };
  const playbook = await insertCustomPlaybook(db, user.userId, latest.id, (id) => {
    const built = buildCustomPlaybook(id, source);
    if (!built) throw new HttpError(409, { error: PLAYBOOK_MESSAGES.nothingToFix });
    return built;
  });
  return listItem(playbook, user.plan, failingChecks(await matchAudit(db, user, Promise.resolve(latest))));
}
