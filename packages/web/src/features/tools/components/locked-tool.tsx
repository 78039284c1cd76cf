import { LANDING_TOOLS, TOOL_IDS, TOOLS, type PlanId, type ToolId } from '@citable/contract';
import { UpgradePrompt } from '../../billing/components/upgrade-prompt';

export const isToolId = (id: string): id is ToolId => (TOOL_IDS as readonly string[]).includes(id);

/** The landing page's longer description of a tool, else its one-line description. */
export function toolDetails(id: ToolId): string {
  const tool = TOOLS[id];
  return LANDING_TOOLS.find((item) => item.name === tool.name)?.description ?? tool.description;
}

/**
 * A tool the plan does not include: its name, what it does, and "Upgrade to <plan>", which opens
 * the billing dialog at that plan. The server refuses the tool's runs with 403 { requiredPlan } anyway.
 */
export function LockedTool({ toolId, plan }: { toolId: ToolId; plan: PlanId }) {
  const tool = TOOLS[toolId];
  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid={`tool-page-${toolId}`}>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{tool.name}</h1>
        <p className="mt-1 text-slate-600">{tool.description}</p>
      </header>
      <UpgradePrompt feature={tool.name} description={toolDetails(toolId)} requiredPlan={tool.requiredPlan} currentPlan={plan} testId="tool-upgrade" />
    </div>
  );
}
