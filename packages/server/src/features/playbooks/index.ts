export { playbookRoutes } from './routes';
