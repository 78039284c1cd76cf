import { AREAS, PLAN_RANK, TOOL_IDS, TOOLS, type AreaId, type PlanId, type ToolId } from '@citable/contract';
import type { SectionId } from '../../dashboard/sections/section-types';

/** The gate of each advanced section that has one (packages/contract entitlements); the others are open to every plan. */
const SECTION_AREAS: Partial<Record<SectionId, AreaId>> = {
  reports: 'reports',
  editor: 'editor',
  'competitive-viz': 'competitive-viz',
  integrations: 'integrations',
  'white-label': 'white-label',
  clients: 'team-access',
};

const isTool = (id: string): id is ToolId => (TOOL_IDS as readonly string[]).includes(id);

/** The lowest plan that can use a dashboard section: the tool's or the area's, from the contract. */
export function sectionRequiredPlan(id: SectionId): PlanId {
  if (isTool(id)) return TOOLS[id].requiredPlan;
  const area = SECTION_AREAS[id];
  return area ? AREAS[area].requiredPlan : 'free';
}

/** The plan a section needs when `plan` is below it, else null. */
export function lockedBy(id: SectionId, plan: PlanId): PlanId | null {
  const required = sectionRequiredPlan(id);
  return PLAN_RANK[plan] < PLAN_RANK[required] ? required : null;
}
