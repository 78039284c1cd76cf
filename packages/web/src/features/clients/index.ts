export { ClientBanner } from './components/client-banner';
export { ClientSwitcher } from './components/client-switcher';
export { ClientsSection } from './components/clients-section';
