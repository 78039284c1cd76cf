export { statusRoutes } from './routes';
export type { StatusRouteOptions } from './routes';
export { loadStatusFile } from './status-file';
