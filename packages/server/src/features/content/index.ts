export { optimizeContent } from './content-optimizer';
export { aiContentGeneratorRoutes } from './generator-route';
export { contentOptimizerRoutes } from './optimizer-route';
export { realtimeContentAnalysisRoutes } from './realtime-analysis-route';
export { clientGone } from './request-abort';
