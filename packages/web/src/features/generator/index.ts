export { GeneratorScreen } from './components/generator-screen';
