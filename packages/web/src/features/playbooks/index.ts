export { PlaybooksSection } from './components/playbooks-section';
