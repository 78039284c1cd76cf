export { citationsPlugin } from './citations-plugin';
export { InvalidDomainError, runCitationTracker } from './tracker';
