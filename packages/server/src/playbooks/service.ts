import {
  buildCustomPlaybook,
  canUse,
  isCustomPlaybookId,
  PLAYBOOK_MESSAGES,
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
import type { Db } from '../db/client';
import { HttpError } from '../lib/http-error';
import { assertEntitled } from '../billing/gates';
import { logActivity } from '../services/activity';
import { completedSteps, completeStep, getCustomPlaybook, insertCustomPlaybook, latestAudit, listCustomPlaybooks } from './store';

export interface PlaybookUser {
  userId: string;
  plan: PlanId;
  goals: readonly GoalId[];
  /** The profile's websites and competitors: playbooks are built from the user's own audits, never a competitor's. */
  sites?: Pick<Profile, 'websites' | 'competitors'>;
}

function listItem(playbook: Playbook, plan: PlanId): PlaybookListItem {
  const requiredPlan = playbookRequiredPlan(playbook.id);
  return { ...playbook, requiredPlan, available: canUse(plan, { plan: requiredPlan }) };
}

/** Every playbook with what the plan opens, the progress and the recommendation (spec 002 §2.7, §9). */
export async function listPlaybooks(db: Db, user: PlaybookUser): Promise<PlaybooksResponse> {
  const [custom, completed, latest] = await Promise.all([listCustomPlaybooks(db, user.userId), completedSteps(db, user.userId), latestAudit(db, user.userId, user.sites)]);
  return {
    playbooks: [...custom, ...PLAYBOOKS].map((playbook) => listItem(playbook, user.plan)),
    completed,
    recommendedId: recommendPlaybook(latest?.subscores ?? null, user.goals),
    customAllowed: canUse(user.plan, { area: 'custom-playbook' }),
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
  const done = new Set((await completedSteps(db, user.userId))[playbook.id] ?? []);
  const state = stepState(step, done);
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
  return listItem(playbook, user.plan);
}
