import type { GoalId, PlanId } from '@citable/contract';
import { useUiState } from '../../../stores/ui-state';
import { SectionNav } from '../../shell/components/section-nav';
import type { SectionId } from '../sections/section-types';

interface DashboardSidebarProps {
  active: SectionId;
  goals: GoalId[];
  /** Locks are drawn for this plan; null while the profile loads. */
  plan: PlanId | null;
  onSelect: (id: SectionId) => void;
}

/** The sections beside the page from tablet width up; phones reach the same list through the header's menu (NavDrawer). */
export function DashboardSidebar({ active, goals, plan, onSelect }: DashboardSidebarProps) {
  const { setBillingOpen } = useUiState();
  return (
    <nav aria-label="Dashboard sections" className="hidden border-r border-slate-200 bg-white md:block md:min-h-[calc(100dvh-4rem)] md:w-60 md:shrink-0" data-testid="dashboard-sidebar">
      <SectionNav active={active} goals={goals} plan={plan} onSelect={onSelect} onBilling={() => setBillingOpen(true)} testIdPrefix="sidebar" />
    </nav>
  );
}
