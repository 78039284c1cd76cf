import { GOALS, type GoalId } from '@citable/contract';
import { CreditCard } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useUiState } from '../../../stores/ui-state';
import { sidebarItems } from '../sections/registry';
import type { SectionId } from '../sections/section-types';

interface DashboardSidebarProps {
  active: SectionId;
  goals: GoalId[];
  onSelect: (id: SectionId) => void;
}

/** Items the user's goals point at (spec 001 §2); playbooks whenever any goal is set. */
function highlightedIds(goals: GoalId[]): Set<SectionId> {
  const ids = new Set<SectionId>(goals.flatMap((goal) => GOALS[goal].highlights));
  if (goals.length > 0) ids.add('playbooks');
  return ids;
}

export function DashboardSidebar({ active, goals, onSelect }: DashboardSidebarProps) {
  const { setBillingOpen } = useUiState();
  const items = sidebarItems();
  const highlighted = highlightedIds(goals);
  const groups = [
    { id: 'tools', label: 'Tools', items: items.filter((item) => item.group === 'tools') },
    { id: 'advanced', label: 'Advanced', items: items.filter((item) => item.group === 'advanced') },
    { id: 'workspace', label: 'Agency', items: items.filter((item) => item.group === 'workspace') },
  ].filter((group) => group.items.length > 0);

  return (
    <nav aria-label="Dashboard sections" className="border-b border-slate-200 bg-white md:min-h-[calc(100dvh-4rem)] md:w-60 md:shrink-0 md:border-r md:border-b-0">
      {groups.map((group) => (
        <div key={group.id} className="px-3 py-3 md:py-5">
          <h2 className="hidden px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase md:block">{group.label}</h2>
          <ul className="flex gap-1 overflow-x-auto md:mt-2 md:flex-col">
            {group.items.map((item) => {
              const Icon = item.icon;
              const current = item.id === active;
              const recommended = highlighted.has(item.id);
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(item.id)}
                    aria-current={current ? 'page' : undefined}
                    data-testid={`sidebar-${item.id}`}
                    className={cn(
                      'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium whitespace-nowrap transition-colors md:whitespace-normal',
                      current ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0" />
                    {item.label}
                    {recommended ? (
                      <span className="ml-auto flex items-center" title="Recommended for your goals">
                        <span aria-hidden="true" className="size-2 rounded-full bg-accent-500" />
                        <span className="sr-only">(recommended for your goals)</span>
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <div className="px-3 py-3 md:py-5">
        <h2 className="hidden px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase md:block">Account</h2>
        <ul className="flex gap-1 md:mt-2 md:flex-col">
          <li>
            <button
              type="button"
              onClick={() => setBillingOpen(true)}
              data-testid="sidebar-billing"
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900"
            >
              <CreditCard aria-hidden="true" className="size-4 shrink-0" />
              Billing
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
