export { CitationsSection } from './components/citations-section';
