import type { ContentFormat } from '@citable/contract';
import type { HiddenBlock } from './hidden-text';
import type { AiInstruction } from './ai-instructions';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface Heading {
  level: HeadingLevel;
  text: string;
  /** Inside the main content (as opposed to navigation, sidebars, footers). */
  inMain: boolean;
}

export interface HeadingNode extends Heading {
  children: HeadingNode[];
}

export interface LinkInfo {
  href: string;
  /** Absolute URL, or null when it cannot be resolved (pasted content, javascript:, bad URL). */
  url: string | null;
  text: string;
  rel: string[];
  /**
   * Points to the page's own site: a relative href, or a host of the same registrable domain as
   * the page's URL, canonical or og:url (www., m. and other subdomains included).
   */
  internal: boolean;
  /**
   * Interface rather than content: sign-in, account, subscription, sharing, printing, comment
   * and pagination links ("Next", "Créer un compte"), rel=next/prev/author/tag/license/sponsored/ugc.
   * Never a cited source, nor a related page.
   */
  furniture: boolean;
  inMain: boolean;
}

export interface ImageInfo {
  src: string;
  /** null when the attribute is missing; "" marks a decorative image. */
  alt: string | null;
  inMain: boolean;
  /** role="presentation"/"none" or aria-hidden: exempt from alt text. */
  decorative: boolean;
}

export type JsonLdNode = Record<string, unknown>;

export interface JsonLdBlock {
  raw: string;
  /** Parse error message, or null when the block is valid JSON. */
  error: string | null;
  /** Top-level nodes, with @graph members lifted to the top. */
  nodes: JsonLdNode[];
}

export interface MicrodataItem {
  type: string;
  properties: Record<string, string[]>;
}

export interface ListInfo {
  ordered: boolean;
  items: string[];
}

export interface TableInfo {
  rows: number;
  columns: number;
  hasHeader: boolean;
  caption: string | null;
}

export interface Paragraph {
  text: string;
  wordCount: number;
}

export interface Statistic {
  /** The matched figure ("42%", "$3.5 million"). */
  value: string;
  sentence: string;
}

export interface Quotation {
  text: string;
  kind: 'blockquote' | 'q' | 'inline';
  /** A source is named (cite attribute, a "said"/"according to" attribution, a <cite>). */
  attributed: boolean;
}

export interface Citation {
  url: string;
  host: string;
  text: string;
}

export interface QuestionAnswer {
  question: string;
  level: HeadingLevel;
  /** The first paragraph after the question heading; "" when none follows. */
  answer: string;
  answerWordCount: number;
}

export interface RobotsDirectives {
  noindex: boolean;
  nosnippet: boolean;
  nofollow: boolean;
  /** max-snippet value; null when unset. 0 means no snippet. */
  maxSnippet: number | null;
  /** Where each directive came from ("meta robots: noindex", "X-Robots-Tag: nosnippet"). */
  sources: string[];
}

export interface DateFacts {
  /** ISO 8601 with the page's own offset or Z ("2016-08-10T11:15:53.000+02:00"); a date alone is midnight Z. */
  publishedAt: string | null;
  modifiedAt: string | null;
  /** Where the date was read, as the checks explain it ("JSON-LD datePublished", "<time datetime> in the byline"). */
  publishedSource: string | null;
  modifiedSource: string | null;
  /** Date values found but not readable as dates, with where they were (`publishedAt` null or not). */
  unreadable: { value: string; source: string }[];
}

/** A stretch of main content under one heading: the unit of retrieval and of section checks. */
export interface Section {
  heading: string | null;
  level: HeadingLevel | null;
  text: string;
  wordCount: number;
}

export interface ReadabilityStats {
  /** Words and sentences of the sample the figures were computed on. */
  words: number;
  sentences: number;
  syllables: number;
  averageSentenceLength: number;
  /** Flesch reading ease; null when the sample is too small or not in English. */
  fleschReadingEase: number | null;
  /** Flesch-Kincaid grade level, same conditions. */
  gradeLevel: number | null;
  /** Share of sentences longer than 20 words (Yoast's limit). */
  longSentenceShare: number;
}

export interface Entity {
  text: string;
  type: 'person' | 'place' | 'organization' | 'topic';
  count: number;
}

export interface AppShellFacts {
  scriptCount: number;
  /** An empty mount point such as <div id="root"></div>. */
  emptyMountPoint: string | null;
  /** Visible text characters in <body>, boilerplate included. */
  bodyTextLength: number;
  noscriptText: string;
}

export interface PageModel {
  url: string | null;
  format: ContentFormat;
  status: number | null;
  /** URLs that redirected to `url`, first request first. */
  redirects: string[];
  headers: Record<string, string>;
  /** The <title> element (or the Markdown/text H1). */
  title: string | null;
  /** The best article title: metadata, JSON-LD, then the <title> with site name removed. */
  articleTitle: string | null;
  metaDescription: string | null;
  /** meta name/property (lower-cased) to content; the first occurrence wins. */
  meta: Record<string, string>;
  canonical: string | null;
  canonicalCount: number;
  lang: string | null;
  robots: RobotsDirectives;
  headings: Heading[];
  headingTree: HeadingNode[];
  mainText: string;
  paragraphs: Paragraph[];
  /** Index in `paragraphs` of the first prose paragraph (not a caption, byline or label); -1 when none. */
  leadIndex: number;
  /** Paragraphs dominated by one repeated word: flagged by keyword-stuffing, excluded elsewhere. */
  stuffedParagraphs: Paragraph[];
  /** Headings that repeat a keyword ("Solar panels solar panels"), left out of `headings`. */
  stuffedHeadings: string[];
  sentences: string[];
  lists: ListInfo[];
  tables: TableInfo[];
  sections: Section[];
  links: LinkInfo[];
  images: ImageInfo[];
  jsonLd: JsonLdBlock[];
  /** Every JSON-LD node with an @type, nested ones included, in document order. */
  jsonLdNodes: JsonLdNode[];
  microdata: MicrodataItem[];
  dates: DateFacts;
  /** The names of the authors (people, or organizations declared as such), in byline order. */
  authors: string[];
  /** `authors` joined with ", "; null when none. */
  author: string | null;
  authorSource: string | null;
  /** The first author value found that names no one ("By", "Staff", a date), with where it was; null when none. */
  rejectedAuthor: { value: string; source: string } | null;
  statistics: Statistic[];
  quotations: Quotation[];
  citations: Citation[];
  questionHeadings: Heading[];
  answers: QuestionAnswer[];
  /** Capitalised multi-word names found cheaply in the main text, most frequent first. */
  properNouns: { text: string; count: number }[];
  wordCount: number;
  /** The most frequent content word of the paragraphs (stuffed ones included) and its density. */
  topTerm: { term: string; count: number; density: number } | null;
  readability: ReadabilityStats;
  appShell: AppShellFacts;
  /** Text hidden from readers (display:none, off-screen, same colour...), each block with why it is legitimate, if it is. */
  readonly hiddenText: HiddenBlock[];
  /** Instructions aimed at AI systems in the page's text, hidden text, comments, attributes and JSON-LD. */
  readonly aiInstructions: AiInstruction[];
  /** compromise's people, places, organisations and topics; computed on first access, bounded. */
  readonly entities: Entity[];
}
