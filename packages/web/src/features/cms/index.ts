export { CmsSection } from './components/cms-section';
