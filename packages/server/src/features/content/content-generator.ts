import { z } from 'zod';
import {
  BUILT_IN_SOURCE,
  GENERATOR_CONTENT_TYPE_LABELS,
  GENERATOR_ITEM_COUNT,
  TOOL_SITE_PAGES,
  type ContentGeneratorResult,
  type GeneratedText,
  type GeneratorContentType,
  type GeneratorLength,
  type GeneratorTone,
  type PlanId,
  type Profile,
} from '@citable/contract';
import { answerRelevance, generateContent, generatorTips, guardInventedFacts, MIN_ANSWER_RELEVANCE, rankPassages, scoreGeneratedContent, type GeneratedContent, type PageModel } from '@citable/engine';
import { type LlmClient, LlmError } from '../llm';
import { readSitePages, type NetworkDeps } from '../tools';

export interface GeneratorInput {
  contentType: GeneratorContentType;
  topic: string;
  targetKeywords: string[];
  tone: GeneratorTone;
  industry?: string;
  targetAudience?: string;
  contentLength: GeneratorLength;
}

export interface GeneratorCall {
  userId: string;
  plan: PlanId;
  profile: Profile;
  signal?: AbortSignal;
}

/** Passages given to the model as the facts it may use: the best few, about 1,500 words. */
const GROUNDING_PASSAGES = 8;

const modelSchema = z.object({
  // Each FAQ names the numbered passage it answers from, so the answer can be traced and checked (issue #32).
  faqs: z.array(z.object({ question: z.string(), answer: z.string(), passage: z.number().int().nullable().describe('The number [n] of the passage the answer is taken from; null when none answers it.') })),
  metaTags: z.object({ title: z.string(), description: z.string(), keywords: z.array(z.string()) }).nullable(),
  snippets: z.array(z.string()),
  headings: z.array(z.object({ heading: z.string(), answer: z.string() })),
  descriptions: z.array(z.string()),
  optimizationTips: z.array(z.string()),
});

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The AI Content Generator. It reads up to 20 pages of the user's first website and, with a model,
 * asks for the content type constrained to the result's schema, grounded in the passages a
 * retriever picks for the topic (figures not in them become placeholders); without one, or when
 * the model fails, the engine takes the content from those pages. Every text is scored by the engine.
 */
export async function generateForUser(deps: NetworkDeps & { llm: LlmClient }, call: GeneratorCall, input: GeneratorInput): Promise<ContentGeneratorResult> {
  const website = call.profile.websites[0];
  // Error pages of the website (4xx, 5xx, soft 404s) ground nothing: they are listed.
  const read = website ? await readSitePages(website.url, deps, TOOL_SITE_PAGES) : null;
  const models: PageModel[] = read?.pages ?? [];
  const pages = models.map((model, index) => ({ url: model.url ?? `${website?.url ?? ''}#${index}`, model }));
  return generateFromPages(deps.llm, call, input, { pages, websiteUrl: website?.url ?? null, ...(read ? { errorPages: read.errorPages } : {}) });
}

/** The pages the generator grounds its texts in, already read. */
export interface GeneratorSite {
  pages: { url: string; model: PageModel }[];
  websiteUrl: string | null;
  errorPages?: ContentGeneratorResult['errorPages'];
}

/**
 * The generator on pages already read: the user's (generateForUser), or a labelled site of the
 * quality bench, so the bench measures the model's output exactly as users get it.
 */
export async function generateFromPages(llm: LlmClient, call: Omit<GeneratorCall, 'profile'>, input: GeneratorInput, site: GeneratorSite): Promise<ContentGeneratorResult> {
  const { pages } = site;
  const website = site.websiteUrl === null ? undefined : { url: site.websiteUrl };
  const siteLabel = website ? hostOf(website.url) : null;
  const base = { contentType: input.contentType, pagesRead: pages.length, websiteUrl: site.websiteUrl, ...(site.errorPages ? { errorPages: site.errorPages } : {}) };
  const builtIn = (note?: string): ContentGeneratorResult => {
    const output = generateContent({ contentType: input.contentType, topic: input.topic, keywords: input.targetKeywords, length: input.contentLength, pages, siteLabel });
    const toneNote = `Built-in generation keeps your pages' own wording; the ${input.tone} tone is applied when an AI model writes the content.`;
    return { ...base, generatedContent: output.generatedContent, optimizationTips: [...(note ? [note] : []), ...output.optimizationTips, toneNote], source: BUILT_IN_SOURCE };
  };
  if (!llm.configured) return builtIn();

  const queries = [input.topic, ...input.targetKeywords];
  const passages = pages.length
    ? rankPassages(pages.map((p) => ({ id: p.url, model: p.model })), [queries.join(' ')])[0].passages.slice(0, GROUNDING_PASSAGES)
    : [];
  const facts = passages.map((p, i) => `[${i + 1}] (${p.pageId}) ${p.heading ? `${p.heading}: ` : ''}${p.text}`).join('\n');
  const count = GENERATOR_ITEM_COUNT[input.contentLength];
  let answer;
  try {
    answer = await llm.structured({ userId: call.userId, plan: call.plan, feature: 'generator', signal: call.signal }, modelSchema, {
      system: [
        `You write ${GENERATOR_CONTENT_TYPE_LABELS[input.contentType]} for a website, in a ${input.tone} tone, that AI answer engines can quote.`,
        'Fill only the field for the requested content type; leave the others empty (or null for metaTags).',
        `Write ${count} items. Answers and snippets: 40-60 words, answer first. Titles: 30-60 characters. Meta descriptions: 120-160 characters.`,
        'Use only facts from the passages given; never invent numbers, prices, dates or quotations. Where the passages say nothing, say less.',
        'Answer each FAQ from one passage and give its number; ask only questions a passage answers.',
      ].join('\n'),
      prompt: [
        `Content type: ${input.contentType}`,
        `Topic: ${input.topic}`,
        `Target keywords: ${input.targetKeywords.join(', ')}`,
        input.industry ? `Industry: ${input.industry}` : '',
        input.targetAudience ? `Audience: ${input.targetAudience}` : '',
        facts ? `Passages from the site:\n${facts}` : 'The site has no pages to draw on: write from the topic only, with no figures.',
      ]
        .filter(Boolean)
        .join('\n\n'),
      name: 'generated_content',
      maxOutputTokens: 2500,
    });
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    return builtIn(`${error.message} The content below was taken from your pages by the built-in analysis.`);
  }

  // Figures the model may state are those of the passages and of the user's own inputs.
  const known = [facts, input.topic, ...input.targetKeywords, input.industry ?? '', input.targetAudience ?? ''].join('\n');
  const grounding = (text: string) => {
    const guarded = guardInventedFacts(known, text);
    const reasons = [
      ...(passages.length === 0 ? [`Written by ${answer.model} from the topic alone: ${website ? `no page of ${siteLabel} matched it` : 'there is no website in your profile'}.`] : []),
      ...(guarded.removedFigures.length || guarded.removedQuotes.length ? [`Figures or quotes not found on your pages were replaced by placeholders.`] : []),
    ];
    // The model blends passages, so no single page is named as the text's source.
    return { text: guarded.text, grounded: reasons.length === 0, ...(reasons.length ? { reason: reasons.join(' ') } : {}), sourceUrl: null };
  };
  const value = answer.value;
  const content: GeneratedContent = { faqs: [], metaTags: null, snippets: [], headings: [], descriptions: [] };
  const texts = (items: string[], kind: 'answer' | 'description', question?: string): GeneratedText[] =>
    items.slice(0, count).map((item) => {
      const g = grounding(item);
      return { ...g, score: scoreGeneratedContent({ kind, text: g.text, question }) };
    });
  switch (input.contentType) {
    case 'faq':
      content.faqs = value.faqs.slice(0, count).map((faq) => {
        const g = grounding(faq.answer);
        const question = guardInventedFacts(known, faq.question).text;
        // Traceable: the passage the model names must exist and answer the question, or the FAQ is not grounded.
        const source = faq.passage === null ? undefined : passages[faq.passage - 1];
        // The passage with its heading: under a question heading, the heading says what it answers.
        const sourcePassage = source ? [source.heading, source.text].filter(Boolean).join('\n') : null;
        const untraced = !sourcePassage
          ? 'The model named no passage of your pages that answers this question.'
          : answerRelevance(question, sourcePassage).relevance < MIN_ANSWER_RELEVANCE
            ? 'The passage the model cited does not answer this question.'
            : null;
        const reason = [g.reason, untraced].filter(Boolean).join(' ') || undefined;
        return {
          question,
          answer: g.text,
          grounded: g.grounded && untraced === null,
          reason,
          sourceUrl: source?.pageId ?? null,
          sourcePassage,
          // Scored under its own question: an answer that talks about something else does not pass.
          score: scoreGeneratedContent({ kind: 'answer', question, text: g.text }),
        };
      });
      break;
    case 'meta-tags':
      if (value.metaTags) {
        const title = grounding(value.metaTags.title);
        const description = grounding(value.metaTags.description);
        const keywords = value.metaTags.keywords.map((k) => k.trim()).filter(Boolean);
        content.metaTags = {
          title: title.text,
          description: description.text,
          keywords,
          raw: [`<title>${escapeHtml(title.text)}</title>`, `<meta name="description" content="${escapeHtml(description.text)}">`, `<meta name="keywords" content="${escapeHtml(keywords.join(', '))}">`].join('\n'),
          titleScore: scoreGeneratedContent({ kind: 'title', text: title.text }),
          descriptionScore: scoreGeneratedContent({ kind: 'description', text: description.text }),
          grounded: title.grounded && description.grounded,
          reason: title.reason ?? description.reason,
          sourceUrl: title.sourceUrl,
        };
      }
      break;
    case 'snippets':
      // A snippet answers the topic: scored against it, like the built-in generator's.
      content.snippets = texts(value.snippets, 'answer', input.topic);
      break;
    case 'headings':
      content.headings = value.headings.slice(0, count).map((h) => {
        const g = grounding(h.answer);
        const heading = guardInventedFacts(known, h.heading).text;
        return { text: heading, answer: g.text, grounded: g.grounded, reason: g.reason, sourceUrl: g.sourceUrl, score: scoreGeneratedContent({ kind: 'answer', question: heading, text: g.text }) };
      });
      break;
    case 'descriptions':
      content.descriptions = texts(value.descriptions, 'description');
      break;
  }
  const tips = [...value.optimizationTips.map((tip) => guardInventedFacts(known, tip).text), ...generatorTips(input, content)];
  return { ...base, generatedContent: content, optimizationTips: tips, source: answer.model };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
