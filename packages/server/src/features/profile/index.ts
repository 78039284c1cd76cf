export { listActivities, logActivity } from './activity';
export { activityRoutes } from './activity-routes';
export { meRoutes } from './me-route';
export { getOrCreateProfile, profileFromRow } from './profile';
export { profileRoutes } from './routes';
