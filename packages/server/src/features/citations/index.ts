export { citationsPlugin } from './citations-plugin';
export { InvalidDomainError, runCitationTracker } from './tracker';
export { citationHistory } from './store';
export { scheduledRuns, trackingRun } from './tracking-history';
export { hostOf } from './text';
