import { describe, expect, it } from 'vitest';
import { TOUR_STEPS, tourSteps, WALKTHROUGH_STEPS, walkthroughSteps } from './steps';

describe('the tour and walkthrough by plan (issue 33)', () => {
  it('start the walkthrough at the overview audit every plan runs, never the padlocked Audit tool', () => {
    for (const plan of ['free', 'core'] as const) expect(walkthroughSteps(plan)[0]!.target).toBe('[data-testid="audit-panel"]');
  });

  it('on Free, name the plan of Genie, the tools and the subscores instead of sending the user to them', () => {
    const walk = walkthroughSteps('free');
    const genie = walk.find((step) => step.id === 'chatbot')!;
    expect(genie.title).toBe('Genie (Core plan)');
    expect(genie.body).toContain('comes with the Core plan');
    expect(genie.body).not.toMatch(/^Not sure/);
    const tour = tourSteps('free');
    expect(tour.find((step) => step.id === 'tools')!.body).toContain('the tools come with the Core plan');
    expect(tour.find((step) => step.id === 'audit')!.body).toContain('the four subscores come with the Core plan');
    // Same stops, same targets: only the words change.
    expect(tour.map((step) => [step.id, step.target])).toEqual(TOUR_STEPS.map((step) => [step.id, step.target]));
  });

  it('keep every step as written where the plan has it all', () => {
    expect(tourSteps('pro')).toEqual(TOUR_STEPS);
    expect(walkthroughSteps('core')).toEqual(WALKTHROUGH_STEPS);
  });
});
