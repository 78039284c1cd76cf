import { GOALS, PLANS, type GoalId, type PlanId } from '@citable/contract';
import { CreditCard, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useScopeAccess } from '../../../hooks/use-scope-access';
import { useCurrentWorkspace } from '../../../hooks/use-workspaces';
import { cn } from '../../../lib/cn';
import { sidebarItems } from '../../dashboard/sections/registry';
import type { SectionId } from '../../dashboard/sections/section-types';
import { lockedBy } from '../lib/section-plan';

export interface SectionNavProps {
  active: SectionId;
  goals: GoalId[];
  /** The plan the locks are drawn for; null while the profile loads (no locks yet). */
  plan: PlanId | null;
  onSelect: (id: SectionId) => void;
  onBilling: () => void;
  /** `sidebar-<id>` in the desktop sidebar, `nav-drawer-<id>` in the phone drawer. */
  testIdPrefix: string;
  /** Items after Billing in the Account group (the drawer adds settings, home and sign-out). */
  accountItems?: ReactNode;
}

/** Items the user's goals point at (spec 001 §2); playbooks whenever any goal is set. */
function highlightedIds(goals: GoalId[]): Set<SectionId> {
  const ids = new Set<SectionId>(goals.flatMap((goal) => GOALS[goal].highlights));
  if (goals.length > 0) ids.add('playbooks');
  return ids;
}

export const navItemClasses = (current = false) =>
  cn(
    'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors',
    current ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/**
 * The dashboard's sections by group, for the desktop sidebar and the phone drawer alike. A section
 * above the plan keeps its place and carries a lock named for the plan it needs ("requires Pro");
 * it opens a page that explains it and offers the upgrade.
 */
export function SectionNav({ active, goals, plan, onSelect, onBilling, testIdPrefix, accountItems }: SectionNavProps) {
  // A client of an agency viewing its shared client: the agency's theming and billing are not theirs (issue 33).
  const { agencyClientView } = useScopeAccess();
  const items = sidebarItems().filter((item) => !(agencyClientView && item.id === 'white-label'));
  const highlighted = highlightedIds(goals);
  // A member of an agency workspace sees its clients whatever their own plan.
  const { workspace } = useCurrentWorkspace();
  const groups = [
    { id: 'tools', label: 'Tools', items: items.filter((item) => item.group === 'tools') },
    { id: 'advanced', label: 'Advanced', items: items.filter((item) => item.group === 'advanced') },
    { id: 'workspace', label: 'Agency', items: items.filter((item) => item.group === 'workspace') },
  ].filter((group) => group.items.length > 0);

  return (
    <>
      {groups.map((group) => (
        <div key={group.id} className="px-3 py-4 md:py-5">
          <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.label}</h2>
          <ul className="mt-2 flex flex-col gap-0.5">
            {group.items.map((item) => {
              const Icon = item.icon;
              const current = item.id === active;
              const required = plan && !(item.id === 'clients' && workspace) ? lockedBy(item.id, plan) : null;
              // Only what the plan can open is recommended: a padlocked item is an upgrade, not a next step (issue 33).
              const recommended = highlighted.has(item.id) && !required;
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(item.id)}
                    aria-current={current ? 'page' : undefined}
                    data-testid={`${testIdPrefix}-${item.id}`}
                    data-locked={required ? 'true' : undefined}
                    className={navItemClasses(current)}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0" />
                    <span className={cn('min-w-0', required && !current ? 'text-slate-500' : undefined)}>{item.label}</span>
                    {recommended || required ? (
                      <span className="ml-auto flex shrink-0 items-center gap-2">
                        {recommended ? (
                          <span className="flex items-center" title="Recommended for your goals">
                            <span aria-hidden="true" className="size-2 rounded-full bg-accent-500" />
                            <span className="sr-only">(recommended for your goals)</span>
                          </span>
                        ) : null}
                        {required ? (
                          <span className="flex items-center" title={`Requires the ${PLANS[required].name} plan`}>
                            <Lock role="img" aria-label={`requires ${PLANS[required].name}`} className="size-3.5 text-slate-400" />
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {/* A client of an agency has no billing here; the group stays only for the drawer's own items. */}
      {agencyClientView && !accountItems ? null : (
        <div className="px-3 py-4 md:py-5">
          <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Account</h2>
          <ul className="mt-2 flex flex-col gap-0.5">
            {agencyClientView ? null : (
              <li>
                <button type="button" onClick={onBilling} data-testid={`${testIdPrefix}-billing`} className={navItemClasses()}>
                  <CreditCard aria-hidden="true" className="size-4 shrink-0" />
                  Billing
                </button>
              </li>
            )}
            {accountItems}
          </ul>
        </div>
      )}
    </>
  );
}
