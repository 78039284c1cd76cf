export { CompetitiveSection } from './components/competitive-section';
