export { citationRoutes } from './routes';
export { InvalidDomainError, runCitationTracker } from './tracker';
