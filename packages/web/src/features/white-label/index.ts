export { BrandMark, BrandTheme } from './components/brand-theme';
export { WhiteLabelSection } from './components/white-label-section';
