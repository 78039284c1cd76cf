export { listActivities, logActivity } from './activity';
export { activityRoutes } from './activity-routes';
export { meRoutes } from './me-route';
export { getOrCreateProfile, profileFromRow, updateProfile } from './profile';
export { profileRoutes } from './routes';
