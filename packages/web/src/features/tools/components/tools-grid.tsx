import { TOOLS, toolsForPlan, type PlanId, type ToolId } from '@citable/contract';
import { ArrowRight } from 'lucide-react';

/**
 * The tools the plan allows (spec 001 §2, §6), in the contract's order; only those with a page
 * in this dashboard (`available`) are listed, so every card opens something.
 */
export function ToolsGrid({ plan, available, onOpen }: { plan: PlanId; available: readonly string[]; onOpen: (id: ToolId) => void }) {
  const tools = toolsForPlan(plan).filter((id) => id !== 'overview' && available.includes(id));
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="tools-grid">
      {tools.map((id) => (
        <li key={id}>
          <button
            type="button"
            onClick={() => onOpen(id)}
            data-testid={`tool-card-${id}`}
            className="group flex h-full w-full flex-col rounded-2xl bg-white p-5 text-left shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-primary-300"
          >
            <span className="flex w-full items-center justify-between gap-2 font-semibold text-slate-900">
              {TOOLS[id].name}
              <ArrowRight aria-hidden="true" className="size-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-primary-600" />
            </span>
            <span className="mt-1.5 text-sm text-slate-600">{TOOLS[id].description}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
