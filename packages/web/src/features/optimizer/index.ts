export { OptimizerScreen } from './components/optimizer-screen';
