export { ReportsSection } from './components/reports-section';
