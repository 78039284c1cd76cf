export { whiteLabelRoutes } from './routes';
export { brandSettingsRow } from './store';
