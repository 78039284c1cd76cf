export { CitationsSection } from './components/citations-section';
export { TrackPromptButton } from './components/tracking/track-prompt-button';
export { defaultDomain } from './lib/format';
