import { Compass } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { PlanId } from '@citable/contract';
import { presentSteps, tourSteps, type GuideStep } from '../lib/steps';
import { markGuideDone } from '../lib/storage-keys';
import { GuideOverlay } from './guide-overlay';

const TOUR_WIDTH = 360;
const TOUR_DEFAULT_HEIGHT = 220;
const TOUR_MARGIN = 16;

/** The overview's Take Tour button and the tour it starts. */
export function TakeTour({ plan }: { plan: PlanId }) {
  const [steps, setSteps] = useState<GuideStep[] | null>(null);
  const done = () => {
    markGuideDone();
    setSteps(null);
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setSteps(presentSteps(tourSteps(plan)))} data-testid="take-tour">
        <Compass aria-hidden="true" className="size-4" /> Take Tour
      </Button>
      {steps ? <GuideOverlay steps={steps} width={TOUR_WIDTH} defaultHeight={TOUR_DEFAULT_HEIGHT} margin={TOUR_MARGIN} label="Dashboard tour" testId="tour" onFinish={done} onSkip={done} /> : null}
    </>
  );
}
