import { PLANS, type CmsCatalogueEntry, type CmsIntegration } from '@citable/contract';
import { CheckCircle2, Lock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

export type CardState = 'connected' | 'available' | 'coming_soon' | 'upgrade';

/** Spec 002 §4 CMS card: connected wins, then the plan, then the catalogue status. */
export function cardState(entry: CmsCatalogueEntry, connected: CmsIntegration | undefined, allowed: boolean): CardState {
  if (connected) return 'connected';
  if (!allowed) return 'upgrade';
  return entry.status;
}

interface CmsCardProps {
  entry: CmsCatalogueEntry;
  state: CardState;
  onDetails: () => void;
  onConnect: () => void;
  onUpgrade: () => void;
}

export function CmsCard({ entry, state, onDetails, onConnect, onUpgrade }: CmsCardProps) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={`cms-card-${entry.cms_type}`} data-state={state}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">{entry.name}</h3>
        {state === 'connected' ? (
          <Badge tone="secondary" className="gap-1">
            <CheckCircle2 aria-hidden="true" className="size-3.5" /> Connected
          </Badge>
        ) : state === 'coming_soon' ? (
          <Badge>Coming Soon</Badge>
        ) : state === 'upgrade' ? (
          <Badge tone="accent" className="gap-1">
            <Lock aria-hidden="true" className="size-3" /> {PLANS[entry.planRequired].name}
          </Badge>
        ) : (
          <Badge tone="primary">Available</Badge>
        )}
      </div>
      <p className="mt-2 flex-1 text-sm text-slate-600">{entry.description}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onDetails} aria-label={`${entry.name} details`}>
          Details
        </Button>
        {state === 'available' ? (
          <Button size="sm" onClick={onConnect} data-testid={`cms-connect-${entry.cms_type}`}>
            Connect
          </Button>
        ) : state === 'upgrade' ? (
          <Button size="sm" variant="secondary" onClick={onUpgrade}>
            Upgrade Required
          </Button>
        ) : state === 'coming_soon' ? (
          <Button size="sm" variant="outline" disabled>
            Coming Soon
          </Button>
        ) : null}
      </div>
    </li>
  );
}
