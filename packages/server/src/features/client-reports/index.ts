export { clientReportsPlugin } from './plugin';
