export { whiteLabelRoutes } from './routes';
