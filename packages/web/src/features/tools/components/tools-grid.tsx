import { canUseTool, GRID_TOOL_IDS, PLANS, TOOLS, type PlanId, type ToolId } from '@citable/contract';
import { ArrowRight, Lock } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** The tools listed in the grid: every tool with a page in this dashboard (`available`), in the contract's order. */
export function gridTools(available: readonly string[]): ToolId[] {
  return GRID_TOOL_IDS.filter((id) => available.includes(id));
}

/**
 * Every tool (spec 001 §2, §6), so a plan shows what it has and what a higher plan adds: a tool
 * above the plan carries a lock and the plan's name, and opens its page, which explains it and
 * offers the upgrade.
 */
export function ToolsGrid({ plan, available, onOpen }: { plan: PlanId; available: readonly string[]; onOpen: (id: ToolId) => void }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="tools-grid">
      {gridTools(available).map((id) => {
        const locked = !canUseTool(plan, id);
        const required = PLANS[TOOLS[id].requiredPlan].name;
        return (
          <li key={id}>
            <button
              type="button"
              onClick={() => onOpen(id)}
              data-testid={`tool-card-${id}`}
              data-locked={locked ? 'true' : undefined}
              className={cn(
                'group flex h-full w-full flex-col rounded-2xl p-5 text-left shadow-sm ring-1 transition hover:shadow-md',
                locked ? 'bg-slate-50 ring-slate-200 hover:ring-slate-300' : 'bg-white ring-slate-200 hover:ring-primary-300',
              )}
            >
              <span className="flex w-full items-center justify-between gap-2 font-semibold text-slate-900">
                {TOOLS[id].name}
                {locked ? (
                  <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
                    <Lock role="img" aria-label={`requires ${required}`} className="size-3.5" />
                    <span aria-hidden="true">{required}</span>
                  </span>
                ) : (
                  <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-primary-600" />
                )}
              </span>
              <span className={cn('mt-1.5 text-sm', locked ? 'text-slate-500' : 'text-slate-600')}>{TOOLS[id].description}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
