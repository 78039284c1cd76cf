export { InsightsCard } from './components/insights-card';
