import type { CoveredEntity, EntityCoverageResult, EntityKind } from '@citable/contract';
import type { PageModel } from '../model/types';
import { truncate } from '../text/words';
import { containsPhrase, contentTerms, countPhrase, keyPhrases, phraseIndex, phraseKey } from './text-terms';
import { jsonLdNames, siteHost, siteName } from './site-identity';
import { appearsAsWritten, namedMidSentence, cleanEntity, isCapitals, isUnknownSingleName, isWrittenAsName, isLoneName, isNounPhraseTopic, isShouted, LEGAL_SUFFIX_RE, ORGANIZATION_WORD_RE, splitNameList, withLegalSuffix, type CleanEntity } from './entity-names';
import { structuredEntities } from './structured-facts';
import { contentText } from './prose';

export interface EntityCoverageOptions {
  page: PageModel;
  /** Competitor pages; only the first MAX_COMPETITORS are read (spec 001 §9: up to 3 competitors). */
  competitors: PageModel[];
  industry?: string;
}

export const MAX_COMPETITORS = 3;
/** Entries shown per list; the counts still cover every entity. */
const LIST_LIMIT = 25;
/** A two-word phrase used twice, or a word used four times, is a topic of the page rather than a passing word. */
const TOPIC_OPTIONS = { minPairCount: 2, minWordCount: 4, max: 10 };
const KIND_ORDER: EntityKind[] = ['person', 'organization', 'place', 'product', 'unknown', 'topic'];

interface PageEntity {
  key: string;
  name: string;
  type: EntityKind;
}

interface PageFacts {
  model: PageModel;
  label: string;
  index: string;
  sentences: { text: string; index: string }[];
  entities: PageEntity[];
  jsonLdText: string;
}

/**
 * Compares the named things (people, organisations, places, products) and key topics of the
 * user's page with those of competitor pages. An entity is missing when a competitor names it
 * and the user's page never does, matched on normalised, plural-tolerant terms.
 */
export function analyzeEntityCoverage(options: EntityCoverageOptions): EntityCoverageResult {
  const user = pageFacts(options.page);
  const competitors = options.competitors.slice(0, MAX_COMPETITORS).map(pageFacts);
  const n = competitors.length;

  const shared = new Map<string, { entity: PageEntity; pages: number; mentions: number; example: string | null; exampleFrom: string }>();
  const subject = subjectTerms(options.page);
  competitors.forEach((comp) => {
    // A competitor naming itself, its authors or its own address is not a gap in the user's content.
    const own = identityKeys(comp.model);
    for (const entity of comp.entities) {
      if (own.has(entity.key) || !mattersFor(entity, comp, subject, user)) continue;
      const mentions = Math.max(1, countPhrase(comp.index, entity.key));
      const example = comp.sentences.find((s) => containsPhrase(s.index, entity.key))?.text ?? null;
      const entry = shared.get(entity.key);
      if (entry) {
        entry.pages++;
        entry.mentions += mentions;
        if (!entry.example && example) {
          entry.example = example;
          entry.exampleFrom = comp.label;
        }
      } else {
        shared.set(entity.key, { entity, pages: 1, mentions, example, exampleFrom: comp.label });
      }
    }
  });

  const missing: CoveredEntity[] = [];
  let coveredWeight = 0;
  let totalWeight = 0;
  for (const { entity, pages, mentions, example, exampleFrom } of shared.values()) {
    // Entities more competitors share weigh more: they are what the topic is expected to include.
    totalWeight += pages;
    if (containsPhrase(user.index, entity.key)) {
      coveredWeight += pages;
      continue;
    }
    const where = example ? `, e.g. in "${truncate(example, 140)}" (${exampleFrom})` : '';
    missing.push({
      name: entity.name,
      type: entity.type,
      description: `Mentioned ${mentions} time${mentions === 1 ? '' : 's'} by ${pages} of ${n} competitor${n === 1 ? '' : 's'}${where}.`,
      recommendations: missingAdvice(entity, pages, n, options.industry),
      userMentions: 0,
      competitorCount: pages,
      competitorMentions: mentions,
    });
  }

  const mentioned = new Map<string, CoveredEntity>();
  const mentionEntity = (entity: PageEntity): void => {
    if (mentioned.has(entity.key)) return;
    const userMentions = Math.max(1, countPhrase(user.index, entity.key));
    const comp = shared.get(entity.key);
    const pages = comp?.pages ?? 0;
    const compMentions = comp?.mentions ?? 0;
    mentioned.set(entity.key, {
      name: entity.name,
      type: entity.type,
      description: `Mentioned ${userMentions} time${userMentions === 1 ? '' : 's'} on your page; ${pages === 0 ? 'no competitor names it' : `${pages} of ${n} competitor${n === 1 ? '' : 's'} also name it`}.`,
      recommendations: mentionedAdvice(entity, user, userMentions, pages, compMentions),
      userMentions,
      competitorCount: pages,
      competitorMentions: compMentions,
    });
  };
  for (const entity of user.entities) mentionEntity(entity);
  for (const { entity } of shared.values()) if (containsPhrase(user.index, entity.key)) mentionEntity(entity);

  missing.sort((a, b) => b.competitorCount - a.competitorCount || b.competitorMentions - a.competitorMentions || kindRank(a.type) - kindRank(b.type) || (a.name < b.name ? -1 : 1));
  const mentionedList = [...mentioned.values()].sort((a, b) => b.userMentions - a.userMentions || kindRank(a.type) - kindRank(b.type) || (a.name < b.name ? -1 : 1));
  return {
    coverageScore: totalWeight === 0 ? 100 : Math.round((100 * coveredWeight) / totalWeight),
    mentionedCount: mentionedList.length,
    missingCount: missing.length,
    mentionedEntities: mentionedList.slice(0, LIST_LIMIT),
    missingEntities: missing.slice(0, LIST_LIMIT),
    competitorsAnalyzed: n,
  };
}

/** The content words of what the user's page is about: its title, its H1 and its most used term. */
function subjectTerms(model: PageModel): Set<string> {
  // The headline without the site's name ("Home solar guide", not "… | Sunny Energy").
  const text = [model.articleTitle ?? model.title ?? '', ...model.headings.filter((h) => h.level === 1).map((h) => h.text)].join(' ');
  return new Set([...contentTerms(text), ...(model.topTerm ? contentTerms(model.topTerm.term) : [])]);
}

/** The competitor's own identity: its name, host, authors, and the organisations and places its markup declares about itself. */
function identityKeys(model: PageModel): Set<string> {
  const keys = [siteName(model), siteHost(model.url)?.split('.')[0] ?? '', ...model.authors, ...structuredEntities(model).filter((e) => e.type !== 'product').map((e) => e.name)];
  return new Set(keys.map(phraseKey).filter((k) => k.length > 1));
}

/**
 * Whether a competitor's entity matters for the subject of the user's page (issue #32: "CO" from
 * a banner drove coverage to 0): it is named in a sentence about that subject (one that shares a
 * content word with the user's title or H1), or it is a topic phrase about it; and it is not a
 * fragment of a name the user's page already gives in full ("Stumptown" of "Stumptown Bean Co").
 */
function mattersFor(entity: PageEntity, comp: PageFacts, subject: Set<string>, user: PageFacts): boolean {
  if (user.entities.some((e) => e.key !== entity.key && ` ${e.key} `.includes(` ${entity.key} `))) return false;
  const about = (text: string): boolean => contentTerms(text).some((t) => subject.has(t));
  if (entity.type === 'topic') return about(entity.name);
  return comp.sentences.some((s) => containsPhrase(s.index, entity.key) && about(s.text));
}

function kindRank(kind: EntityKind): number {
  return KIND_ORDER.indexOf(kind);
}

function pageFacts(model: PageModel): PageFacts {
  const text = [model.articleTitle ?? model.title ?? '', model.metaDescription ?? '', ...model.headings.map((h) => h.text), model.mainText].join('\n');
  return {
    model,
    label: siteHost(model.url) ?? model.articleTitle ?? 'competitor',
    index: phraseIndex(text),
    sentences: model.sentences.map((s) => ({ text: s, index: phraseIndex(s) })),
    entities: entitiesOf(model),
    jsonLdText: model.jsonLd.map((b) => b.raw).join(' ').toLowerCase(),
  };
}

/**
 * The page's named things, from its structure first: what its schema.org markup declares (the
 * business, its people, products and address), then compromise's people, organisations and
 * places, cleaned (no URL pieces, handles, titles or lone first names, "U.S." a place), split
 * when the tagger ran a list together, with a legal form kept on the name it follows, and kept
 * only when the page's content names them outside its bylines, datelines, captions and
 * all-capital banners; declared and numbered product names; noun phrases as topics (issue #32).
 */
export function entitiesOf(model: PageModel): PageEntity[] {
  const out = new Map<string, PageEntity>();
  const content = contentText(model);
  // A banner in capitals ("WELCOME TO STUMPTOWN BEAN CO!!!") names nothing in the case it is written.
  const spoken = content.split('\n').filter((line) => !isShouted(line)).join('\n');
  const index = phraseIndex([model.articleTitle ?? '', spoken].join('\n'));
  const add = (name: string, type: EntityKind): void => {
    const key = phraseKey(name);
    if (key.length < 2 || out.has(key) || LEGAL_SUFFIX_RE.test(name.trim())) return;
    out.set(key, { key, name: name.trim(), type });
  };
  for (const e of structuredEntities(model)) add(e.name, e.type);
  // A piece of a declared name ("Stumptown Bean" of "Stumptown Bean Co") is that name; an address is not a name's container.
  const named = model.entities
    .flatMap((e) => (e.type === 'topic' ? [] : splitNameList(e.text).map((item) => cleanEntity(item, e.type))))
    .filter((e): e is CleanEntity => e !== null && isWrittenAsName(e.name));
  // A piece of a longer name on the page ("Stumptown Bean" of "Stumptown Bean Co", "Hampton" of
  // "Hampton Roads Transit") is that name; an address contains names without being one, except its street.
  const longer = [...[...out.values()].filter((e) => !/\d/.test(e.name)).map((e) => e.key), ...named.map((e) => phraseKey(e.name))].map((k) => ` ${k} `);
  const addresses = [...out.values()].filter((e) => /\d/.test(e.name)).map((e) => ` ${e.key} `);
  const partOfDeclared = (key: string): boolean =>
    longer.some((d) => d !== ` ${key} ` && d.includes(` ${key} `)) || (/\d/.test(key) && addresses.some((a) => a.includes(` ${key} `)));
  const people = named.filter((e) => e.type === 'person').map((e) => e.name);
  for (const e of named) {
    // A name met only in the byline, a photo credit or a banner is not something the page is about.
    if (!containsPhrase(index, phraseKey(e.name))) continue;
    if (isCapitals(e.name) && !appearsAsWritten(e.name, spoken)) continue;
    if (e.type === 'person' && (isLoneName(e.name, people) || isUnknownSingleName(e.name))) continue;
    const name = e.type === 'person' ? e.name : withLegalSuffix(e.name, spoken);
    if (partOfDeclared(phraseKey(name))) continue;
    add(name, kindFromContext(name, e.type, spoken));
  }
  for (const name of [...jsonLdNames(model, 'Product'), ...model.microdata.filter((m) => m.type === 'Product').flatMap((m) => m.properties.name ?? [])]) add(name, 'product');
  // "Powerwall 3", "Model Y 2024": capitalised names carrying a number are product or model names.
  for (const p of model.properNouns) if (/\d/.test(p.text) && !/^\d/.test(p.text) && containsPhrase(index, phraseKey(p.text))) add(p.text, 'product');
  // A phrase inside a name ("energy laboratory" in "National Renewable Energy Laboratory") is that name, not a topic.
  const names = [...out.keys()].map((k) => ` ${k} `);
  const addTopic = (raw: string): void => {
    const topic = cleanEntity(raw, 'topic');
    if (!topic || !isNounPhraseTopic(topic.name)) return;
    const key = phraseKey(topic.name);
    if (!names.some((n) => n.includes(` ${key} `))) add(topic.name, 'topic');
  };
  for (const e of model.entities) if (e.type === 'topic') addTopic(e.text);
  for (const k of keyPhrases(spoken, TOPIC_OPTIONS)) addTopic(k.label);
  return [...out.values()];
}

/**
 * The tagger calls many capitalised phrases organisations ("Brew Pour-Over Coffee", a heading's
 * words); one is kept as an organisation when its name says so (a legal form, "University",
 * "Bank"), it is an acronym, or running prose names it mid-sentence ("panels from Enphase
 * Energy"), and is "unknown" otherwise. People and places keep the tagger's reading.
 */
function kindFromContext(name: string, type: EntityKind, prose: string): EntityKind {
  // "Norfolk City Council" is a body, whatever place it is named after.
  if (type === 'place' && ORGANIZATION_WORD_RE.test(name)) return 'organization';
  if (type !== 'organization') return type;
  if (namedMidSentence(name, prose)) return 'organization';
  if (ORGANIZATION_WORD_RE.test(name) || LEGAL_SUFFIX_RE.test(name.split(/\s+/).at(-1) ?? '') || (isCapitals(name) && name.replace(/[^\p{L}]/gu, '').length >= 2)) return 'organization';
  return 'unknown';
}

function missingAdvice(entity: PageEntity, pages: number, n: number, industry: string | undefined): string[] {
  const share = `${pages} of ${n} competitor${n === 1 ? '' : 's'}`;
  const audience = industry ? ` for ${industry} readers` : '';
  switch (entity.type) {
    case 'person':
      return [`Name ${entity.name} where they are relevant (a quotation, a study, a role), as ${share} do${pages === 1 ? 'es' : ''}.`, 'Give the person\'s full name and role so answer engines can resolve who is meant.'];
    case 'organization':
      return [`Mention ${entity.name} where your content touches on it, as ${share} do${pages === 1 ? 'es' : ''}.`, `Link to ${entity.name}'s official site or a source about it, so the reference is unambiguous.`];
    case 'place':
      return [`State whether ${entity.name} is relevant to your offer or topic${audience} (area served, local figures, regulations).`];
    case 'product':
      return [`Cover ${entity.name}: explain how it relates to your offer, or compare it in a table with named criteria.`];
    case 'unknown':
      return [`Say what ${entity.name} is where you mention it (a product, a company, a place), as ${share} do${pages === 1 ? 'es' : ''}.`];
    case 'topic':
      return [`Add a section on "${entity.name}"${audience}, headed as the question people ask about it, with a 40-60 word answer first.`];
  }
}

function mentionedAdvice(entity: PageEntity, user: PageFacts, userMentions: number, pages: number, compMentions: number): string[] {
  const out: string[] = [];
  if (pages > 0 && compMentions / pages > userMentions * 2) {
    out.push(`Competitors mention ${entity.name} about ${Math.round(compMentions / pages)} times each against your ${userMentions}; cover it in more depth.`);
  }
  if ((entity.type === 'organization' || entity.type === 'person') && !user.jsonLdText.includes(entity.name.toLowerCase())) {
    out.push(`Declare ${entity.name} in your structured data (about or mentions, with sameAs links) so machines resolve it.`);
  }
  return out;
}
