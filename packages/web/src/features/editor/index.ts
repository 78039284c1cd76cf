export { EditorSection } from './components/editor-section';
