export { generateSchema, type GenerateSchemaInput } from './schema-generator';
export { analyzeEntityCoverage, MAX_COMPETITORS, type EntityCoverageOptions } from './entity-coverage';
export { summarizeSite, SUMMARY_SENTENCES, type SummarizeSiteInput } from './site-summary';
export { generateLlmsTxt, type GenerateLlmsTxtInput } from './llms-txt-generator';
export { suggestPrompts, ANSWERED_LIKELIHOOD, type SuggestPromptsInput } from './prompt-suggestions';
export { testVoiceAssistants, trimSpoken, SPOKEN_WORDS, VOICE_TRAITS, type VoiceTestOptions } from './voice-assistant-tester';
export { compareCompetitors, competitivePosition, MIN_INDUSTRY_AUDITS, POSITION_MARGIN, type CompareCompetitorsInput, type NamedAudit } from './competitive-analysis';
export {
  discoverCompetitorCandidates,
  rankCompetitors,
  MIN_RELEVANCE,
  DIRECT_RELEVANCE,
  CONTENT_RELEVANCE,
  type DiscoverCandidatesInput,
  type RankCompetitorsInput,
} from './competitor-discovery';
export { checkChanges, compareAudits, TREND_THRESHOLD, type CompareAuditsInput } from './audit-insights';
export { scoreGeneratedContent, type ScoreGeneratedContentInput } from './generated-content-score';
export { benchPages, runToolQualityBench, benchTotals, type BenchTotals, type SiteFigures } from './quality-bench/quality-bench';
export { BENCH_SITES, type BenchSite } from './quality-bench/sites';
