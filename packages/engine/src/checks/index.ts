import type { Check } from './types';
import { aiCrawlerAccess } from './ai-crawler-access';
import { answerFirst } from './answer-first';
import { authorAttribution } from './author-attribution';
import { authorProfile } from './author-profile';
import { breadcrumbs } from './breadcrumbs';
import { canonical } from './canonical';
import { citedSources } from './cited-sources';
import { conciseAnswers } from './concise-answers';
import { contentDepth } from './content-depth';
import { contentFreshness } from './content-freshness';
import { documentTitle } from './document-title';
import { entityClarity } from './entity-clarity';
import { faqContent } from './faq-content';
import { headingHierarchy } from './heading-hierarchy';
import { hiddenText } from './hidden-text';
import { htmlLang } from './html-lang';
import { httpStatus } from './http-status';
import { imageAlt } from './image-alt';
import { indexability } from './indexability';
import { internalLinks } from './internal-links';
import { jsonLdSyntax } from './json-ld-syntax';
import { keywordStuffing } from './keyword-stuffing';
import { linkText } from './link-text';
import { listUsage } from './list-usage';
import { llmsTxt } from './llms-txt';
import { metaDescription } from './meta-description';
import { modificationDate } from './modification-date';
import { organizationIdentity } from './organization-identity';
import { paragraphLength } from './paragraph-length';
import { publicationDate } from './publication-date';
import { promptInjection } from './prompt-injection';
import { questionHeadings } from './question-headings';
import { quotations } from './quotations';
import { readingEase } from './reading-ease';
import { renderedContent } from './rendered-content';
import { robotsTxt } from './robots-txt';
import { schemaValidity } from './schema-validity';
import { sentenceLength } from './sentence-length';
import { singleH1 } from './single-h1';
import { sitemap } from './sitemap';
import { socialMetadata } from './social-metadata';
import { speakableMarkup } from './speakable-markup';
import { statistics } from './statistics';
import { stepLists } from './step-lists';
import { structuredData } from './structured-data';
import { subheadingDistribution } from './subheading-distribution';
import { summaryIntro } from './summary-intro';
import { tableUsage } from './table-usage';
import { uniqueFacts } from './unique-facts';

/** Every check the engine knows, by id. Which ones count, and how much, is the scoring config's business. */
export const CHECKS: readonly Check[] = [
  aiCrawlerAccess,
  answerFirst,
  authorAttribution,
  authorProfile,
  breadcrumbs,
  canonical,
  citedSources,
  conciseAnswers,
  contentDepth,
  contentFreshness,
  documentTitle,
  entityClarity,
  faqContent,
  headingHierarchy,
  hiddenText,
  htmlLang,
  httpStatus,
  imageAlt,
  indexability,
  internalLinks,
  jsonLdSyntax,
  keywordStuffing,
  linkText,
  listUsage,
  llmsTxt,
  metaDescription,
  modificationDate,
  organizationIdentity,
  paragraphLength,
  publicationDate,
  promptInjection,
  questionHeadings,
  quotations,
  readingEase,
  renderedContent,
  robotsTxt,
  schemaValidity,
  sentenceLength,
  singleH1,
  sitemap,
  socialMetadata,
  speakableMarkup,
  statistics,
  stepLists,
  structuredData,
  subheadingDistribution,
  summaryIntro,
  tableUsage,
  uniqueFacts,
];

export const CHECKS_BY_ID: ReadonlyMap<string, Check> = new Map(CHECKS.map((c) => [c.id, c]));

export type { Check, CheckEnv, CheckResult } from './types';
