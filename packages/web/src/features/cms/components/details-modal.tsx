import { PLANS, type CmsCatalogueEntry } from '@citable/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { CardState } from './cms-card';

/** Features and setup steps of one catalogue entry (spec 002 §2.6 details modal). */
export function DetailsModal({ entry, state, onClose, onConnect }: { entry: CmsCatalogueEntry | null; state: CardState; onClose: () => void; onConnect: () => void }) {
  return (
    <Modal
      open={entry !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={entry ? `${entry.name} integration` : ''}
      description={entry ? `Included from the ${PLANS[entry.planRequired].name} plan.` : undefined}
      testId="cms-details-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {state === 'available' ? <Button onClick={onConnect}>Connect</Button> : null}
        </>
      }
    >
      {entry ? (
        <div className="space-y-5 text-sm text-slate-700">
          <p>{entry.description}</p>
          <section>
            <h3 className="font-semibold text-slate-900">Features</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {entry.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="font-semibold text-slate-900">Setup</h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {entry.setupSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        </div>
      ) : null}
    </Modal>
  );
}
