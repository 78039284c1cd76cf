import { PLANS, type GoalId, type PlanId } from '@citable/contract';
import { ArrowLeft, LogOut, Menu, Settings, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { BrandMark } from '../../white-label';
import { useSignOut } from '../../../hooks/use-sign-out';
import { useUiState } from '../../../stores/ui-state';
import type { SectionId } from '../../dashboard/sections/section-types';
import { navItemClasses, SectionNav } from './section-nav';

interface NavDrawerProps {
  /** The person signed in, as the header names them. */
  name: string;
  email: string;
  plan: PlanId | null;
  /** False for a client of an agency: the plan is the agency's, not theirs (issue 33). */
  showPlan?: boolean;
  canOpenSettings: boolean;
  active: SectionId;
  goals: GoalId[];
  onSelect: (id: SectionId) => void;
}

/**
 * The dashboard's navigation on phones: a menu button in the header opens the sections, billing,
 * settings, home and sign-out in a drawer from the left. A Radix dialog: focus moves into it and
 * stays there, Escape, the close button and a tap outside close it, and focus returns to the menu
 * button (unless the drawer closed to open another dialog, which takes focus itself).
 */
export function NavDrawer({ name, email, plan, showPlan = true, canOpenSettings, active, goals, onSelect }: NavDrawerProps) {
  const [open, setOpen] = useState(false);
  const { setBillingOpen, setSettingsOpen } = useUiState();
  const { signOut, signingOut } = useSignOut();
  const restoreFocus = useRef(true);

  const choose = (id: SectionId) => {
    onSelect(id);
    setOpen(false);
  };
  const openDialog = (show: () => void) => {
    restoreFocus.current = false;
    setOpen(false);
    show();
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu" data-testid="nav-drawer-open">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="nav-drawer"
          onCloseAutoFocus={(event) => {
            if (!restoreFocus.current) event.preventDefault();
            restoreFocus.current = true;
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col bg-white shadow-2xl focus:outline-none md:hidden"
        >
          <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-4">
            <Dialog.Title asChild>
              <h2>
                <BrandMark full />
                <span className="sr-only"> menu</span>
              </h2>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu" data-testid="nav-drawer-close">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto overscroll-contain">
            <div className="border-b border-slate-200 px-6 py-4">
              <p className="truncate font-semibold text-slate-900" data-testid="nav-drawer-user">
                {name}
              </p>
              {email !== name ? <p className="truncate text-sm text-slate-600">{email}</p> : null}
              {plan && showPlan ? (
                <Badge tone="primary" className="mt-2">
                  {PLANS[plan].name} plan
                </Badge>
              ) : null}
            </div>
            <nav aria-label="Dashboard sections">
              <SectionNav
                active={active}
                goals={goals}
                plan={plan}
                onSelect={choose}
                onBilling={() => openDialog(() => setBillingOpen(true))}
                testIdPrefix="nav-drawer"
                accountItems={
                  <>
                    <li>
                      <button type="button" className={navItemClasses()} disabled={!canOpenSettings} onClick={() => openDialog(() => setSettingsOpen(true))} data-testid="nav-drawer-settings">
                        <Settings aria-hidden="true" className="size-4 shrink-0" />
                        Settings
                      </button>
                    </li>
                    <li>
                      <Link to="/" className={navItemClasses()} onClick={() => setOpen(false)}>
                        <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
                        Home
                      </Link>
                    </li>
                    <li>
                      <button type="button" className={navItemClasses()} onClick={() => void signOut()} disabled={signingOut} data-testid="nav-drawer-sign-out">
                        <LogOut aria-hidden="true" className="size-4 shrink-0" />
                        Sign out
                      </button>
                    </li>
                  </>
                }
              />
            </nav>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
