export { GiveFeedback } from './components/give-feedback';
