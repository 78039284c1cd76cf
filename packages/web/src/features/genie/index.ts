export { GenieLauncher } from './components/genie-launcher';
export { logToolLaunched } from './api/genie-api';
