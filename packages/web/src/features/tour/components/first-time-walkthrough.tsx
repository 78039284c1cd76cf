import { useEffect, useState } from 'react';
import type { PlanId } from '@citable/contract';
import { presentSteps, walkthroughSteps, type GuideStep } from '../lib/steps';
import { markGuideDone, walkthroughPending } from '../lib/storage-keys';
import { GuideOverlay } from './guide-overlay';

/** Walkthrough popup geometry (spec 002 §9). */
const POPUP_WIDTH = 400;
const POPUP_DEFAULT_HEIGHT = 250;
const POPUP_MARGIN = 20;
/** The dashboard's first paint settles (audit panel, Genie button) before the elements are looked up. */
const START_DELAY_MS = 400;

/** The first-time walkthrough: shown once, when onboarding has just queued it (spec 002 §2.9, §4). */
export function FirstTimeWalkthrough({ plan }: { plan: PlanId }) {
  const [steps, setSteps] = useState<GuideStep[] | null>(null);
  useEffect(() => {
    if (!walkthroughPending()) return;
    const timer = setTimeout(() => setSteps(presentSteps(walkthroughSteps(plan))), START_DELAY_MS);
    return () => clearTimeout(timer);
  }, [plan]);
  if (!steps || steps.length === 0) return null;
  const done = () => {
    markGuideDone();
    setSteps(null);
  };
  return <GuideOverlay steps={steps} width={POPUP_WIDTH} defaultHeight={POPUP_DEFAULT_HEIGHT} margin={POPUP_MARGIN} label="Welcome walkthrough" testId="walkthrough" onFinish={done} onSkip={done} />;
}
