export { digestPlugin } from './digest-plugin';
