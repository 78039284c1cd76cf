export { TeamSection } from './components/team-section';
