import type { GeneratedSchemaType, SchemaGeneratorResult, SchemaValidationWarning, SiteSnapshot, ToolScope } from '@citable/contract';
import { buildPageModel } from '../model/build-page-model';
import { isObject, typesOf } from '../model/json-ld';
import { parseDate } from '../model/dates';
import type { JsonLdNode, PageModel } from '../model/types';
import { ruleFor, validateSchemaNode } from '../schema/schema-rules';
import { stepLists } from '../checks/step-lists';
import { isQuestion } from '../text/questions';
import { truncate } from '../text/words';
import { collectPageCues, type PageCues } from './page-cues';
import { originOf, profileLinks, siteName } from './site-identity';
import { ORGANIZATION_WORD_RE } from './entity-names';

export interface GenerateSchemaInput {
  snapshot: SiteSnapshot;
  /** Forces this type as the suggested one; detected from the page otherwise. */
  contentType?: GeneratedSchemaType;
  /** 'site' describes the whole site (Organization, WebSite); 'page' describes this page. */
  scope: ToolScope;
  /** The page's model, when the caller built it already (to tell an error page); built here otherwise. */
  model?: PageModel;
}

const CONTEXT = 'https://schema.org';
/** Google truncates Article headlines beyond 110 characters (the schema rule flags it). */
const HEADLINE_MAX = 110;
/** One answered question heading is a section of an article; two or more make an FAQ block. */
const FAQ_MIN = 2;
const HOW_TO_HEADING_RE = /^(?:how\s+(?:to|do\s+(?:i|you)|can\s+(?:i|you))\b)|\bsteps?\b|\bstep[- ]by[- ]step\b|\binstructions?\b|\btutorial\b|\bguide\b/i;
const PRICE_RE = /(?:([$€£¥])\s?(\d{1,3}(?:[,\s]\d{3})*(?:\.\d{2})?|\d+(?:\.\d{2})?))|(?:\b(\d+(?:[.,]\d{2})?)\s?(USD|EUR|GBP|CAD|AUD|JPY)\b)/;
const CURRENCY: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
const AVAILABILITY: [RegExp, string][] = [
  [/\bout of stock\b|\bsold out\b|\bunavailable\b/i, 'https://schema.org/OutOfStock'],
  [/\bpre-?order\b/i, 'https://schema.org/PreOrder'],
  [/\bin stock\b|\badd to (?:cart|basket|bag)\b|\bbuy now\b|\bavailable now\b/i, 'https://schema.org/InStock'],
];
const PHONE_RE = /(?:\+\d{1,3}[\s.-]?)?\(?\d{2,4}\)?[\s.-]\d{3,4}[\s.-]\d{3,4}\b/;
const HOURS_RE =
  /\b(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\s*(?:-|–|to|through)\s*(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\s*[:,]?\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:-|–|to)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/gi;
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const POSTCODE_RE = /\b\d{5}(?:-\d{4})?\b|\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b|\b\d{4}\b/;
const STREET_RE = /\d+\w*\s+[\p{L}.' -]+|[\p{L}.' -]+\s+\d+\w*$/u;
const PROFILE_PATH_RE = /\/(?:author|authors|people|team|profile|staff|about\/[^/]+)\/?[^/]*$/i;
const EVENT_WORD_RE = /\b(?:conference|concert|festival|workshop|webinar|meetup|summit|exhibition|tickets?|register now|registration|keynote)\b/i;
const VENUE_RE = /\b(?:venue|location|where)\s*:\s*([^\n.]{3,120})/i;
const BLOG_PATH_RE = /\/(?:blog|posts?|news)\//i;
const INSTRUCTION_RE = /^how to\b[^?]*$/i;

/**
 * Builds JSON-LD for a page from what the page itself shows, then validates it with the same
 * rules the audit's schema-validity check uses. Existing JSON-LD is kept and completed: a node
 * of a type the generator also produces gets the missing properties, never a second copy.
 */
export function generateSchema(input: GenerateSchemaInput): SchemaGeneratorResult {
  const page = input.snapshot.page;
  const model = input.model ?? buildPageModel(page);
  const cues = page.format === 'html' ? collectPageCues(page.body, model.url) : emptyCues();
  const origin = originOf(model.url) ?? originOf(input.snapshot.site?.origin ?? null);
  const ids = nodeIds(model.url, origin);

  const generated: JsonLdNode[] = [];
  const org = organizationNode(model, cues, origin, ids);
  const business = localBusinessNode(model, cues, ids, org);
  const siteLevel = input.scope === 'site' || input.contentType === 'Organization' || input.contentType === 'WebSite' || input.contentType === 'LocalBusiness';
  if (siteLevel || business) generated.push(business ?? org);
  if (siteLevel) generated.push(webSiteNode(model, cues, origin, ids));
  if (input.scope === 'page' || !siteLevel) {
    const pageNodes = [
      articleNode(model, cues, ids, input.contentType),
      faqNode(model, cues, ids, input.contentType === 'FAQPage'),
      howToNode(model, cues, ids, input.contentType === 'HowTo'),
      productNode(model, ids, input.contentType === 'Product'),
      eventNode(model, cues, ids, input.contentType === 'Event'),
      personNode(model, ids, input.contentType === 'Person'),
      breadcrumbNode(model, cues, input.contentType === 'BreadcrumbList'),
    ].filter((n): n is JsonLdNode => n !== null);
    generated.push(...pageNodes);
    // Page-level nodes name their publisher by @id; the Organization must then be in the graph.
    if (!generated.includes(org) && !business && pageNodes.some((n) => n.publisher !== undefined)) generated.push(org);
  }

  const { nodes, merged } = mergeWithExisting(generated, model);
  linkNestedCopies(nodes);
  const suggestedType = input.contentType ?? pickSuggested(generated);
  nodes.sort((a, b) => (primaryType(b) === suggestedType ? 1 : 0) - (primaryType(a) === suggestedType ? 1 : 0));
  const schema: JsonLdNode =
    nodes.length === 1 ? { '@context': CONTEXT, ...nodes[0] } : { '@context': CONTEXT, '@graph': nodes };
  // Validated as returned, so a warning always describes the markup the user is given.
  const validationWarnings = validate(schema);
  const implementation = `<script type="application/ld+json">\n${JSON.stringify(schema, null, 2).replace(/</g, '\\u003c')}\n</script>`;
  return {
    suggestedType,
    detectedTypes: [...new Set(nodes.map(primaryType))],
    validationWarnings,
    schema,
    instructions: instructionsFor(input.scope, model, validationWarnings, merged.length),
    implementation,
    mergedExisting: merged,
  };
}

function emptyCues(): PageCues {
  return { breadcrumbs: [], faqBlocks: [], orderedLists: [], addresses: [], search: null, logo: null, times: [] };
}

/** Node identifiers; pasted content has no address, so its ids are fragments of the page it lands on. */
function nodeIds(url: string | null, origin: string | null) {
  const page = url ?? '';
  const base = origin ? `${origin}/` : '';
  return {
    organization: `${base}#organization`,
    website: `${base}#website`,
    node: (fragment: string) => `${page}#${fragment}`,
  };
}

function primaryType(node: JsonLdNode): string {
  return typesOf(node)[0] ?? '';
}

// What the page is as a whole wins over its parts (an article with an FAQ section is an
// Article); Organization is the fallback for a page that only says who is behind it.
const SUGGESTION_ORDER = ['Product', 'Event', 'Person', 'BlogPosting', 'Article', 'HowTo', 'FAQPage', 'LocalBusiness', 'BreadcrumbList', 'Organization', 'WebSite'];

function pickSuggested(nodes: JsonLdNode[]): string {
  const types = nodes.map(primaryType);
  return SUGGESTION_ORDER.find((t) => types.includes(t)) ?? 'Organization';
}

function organizationNode(model: PageModel, cues: PageCues, origin: string | null, ids: ReturnType<typeof nodeIds>): JsonLdNode {
  const node: JsonLdNode = { '@type': 'Organization', '@id': ids.organization, name: siteName(model) };
  if (origin) node.url = `${origin}/`;
  if (cues.logo) node.logo = cues.logo;
  const sameAs = profileLinks(model);
  if (sameAs.length > 0) node.sameAs = sameAs;
  const isHome = model.url !== null && /^https?:\/\/[^/]+\/?$/.test(model.url);
  const description = isHome ? model.metaDescription ?? model.meta['og:description'] : null;
  if (description) node.description = description;
  const email = model.links.find((l) => /^mailto:/i.test(l.href))?.href.replace(/^mailto:/i, '').split('?')[0];
  const telephone = model.links.find((l) => /^tel:/i.test(l.href))?.href.replace(/^tel:/i, '');
  if (email) node.email = email;
  if (telephone) node.telephone = telephone;
  return node;
}

function webSiteNode(model: PageModel, cues: PageCues, origin: string | null, ids: ReturnType<typeof nodeIds>): JsonLdNode {
  const node: JsonLdNode = { '@type': 'WebSite', '@id': ids.website, name: siteName(model) };
  if (origin) node.url = `${origin}/`;
  if (model.lang) node.inLanguage = model.lang;
  node.publisher = { '@id': ids.organization };
  if (cues.search) {
    const sep = cues.search.target.includes('?') ? '&' : '?';
    node.potentialAction = {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${cues.search.target}${sep}${cues.search.param}={search_term_string}` },
      'query-input': 'required name=search_term_string',
    };
  }
  return node;
}

function pageImage(model: PageModel): string | null {
  const og = model.meta['og:image'] ?? model.meta['og:image:url'] ?? model.meta['twitter:image'];
  if (og) return og;
  const img = model.images.find((i) => i.inMain && !i.decorative && i.src && /^https?:|^\//.test(i.src));
  if (!img) return null;
  if (/^https?:/.test(img.src)) return img.src;
  const origin = originOf(model.url);
  return origin ? origin + img.src : null;
}

function articleNode(model: PageModel, cues: PageCues, ids: ReturnType<typeof nodeIds>, forced?: GeneratedSchemaType): JsonLdNode | null {
  const wants = forced === 'Article' || forced === 'BlogPosting';
  // A date read only from a <time> element may be an event's or an opening hour's: like any
  // <time>, it marks an article only on a page long enough to be one.
  const timeDate = model.dates.publishedAt !== null && cues.times.some((t) => parseDate(t.datetime) === model.dates.publishedAt);
  const looksLikeArticle =
    model.meta['og:type'] === 'article' || model.author !== null || (model.dates.publishedAt !== null && !timeDate) || (cues.times.length > 0 && model.wordCount >= 300);
  if (!wants && !looksLikeArticle) return null;
  const type = forced === 'Article' ? 'Article' : forced === 'BlogPosting' || (model.url !== null && BLOG_PATH_RE.test(model.url)) ? 'BlogPosting' : 'Article';
  const headline = model.articleTitle ?? model.title ?? model.headings[0]?.text;
  const node: JsonLdNode = { '@type': type, '@id': ids.node('article') };
  if (headline) node.headline = truncate(headline, HEADLINE_MAX);
  if (model.metaDescription) node.description = model.metaDescription;
  const authorLink = model.links.find((l) => l.rel.includes('author') && l.url && l.text);
  // A byline's link text is the cleanest name; JSON-LD authors arrive joined with commas.
  const authors = authorLink ? [authorLink.text] : model.author ? (model.authorSource === 'JSON-LD author' ? model.author.split(/,\s*/) : [model.author]) : [];
  const authorNodes = authors.flatMap((name) => authorNode(name, model, ids, authorLink?.url ?? null) ?? []);
  if (authorNodes.length > 0) node.author = authorNodes;
  // A <time> in the article is its date when no metadata states one.
  const published = model.dates.publishedAt ?? cues.times.map((t) => parseDate(t.datetime)).find((d) => d !== null);
  if (published) node.datePublished = published;
  if (model.dates.modifiedAt) node.dateModified = model.dates.modifiedAt;
  const image = pageImage(model);
  if (image) node.image = image;
  node.publisher = { '@id': ids.organization };
  if (model.url) node.mainEntityOfPage = model.url;
  if (model.lang) node.inLanguage = model.lang;
  return node;
}

/** A byline's name without its "By" and the date or section run into it: "Dan Goodin - Apr 16, 2015" is "Dan Goodin". */
function bylineName(raw: string): string {
  return raw.replace(/^\s*by\s+/i, '').split(/\s+[-–—|·•]\s+|\s*,\s*(?=\d|published|updated|posted)/i)[0].trim();
}

const NAME_PARTICLE_RE = /^(?:de|da|del|der|di|du|van|von|la|le|bin|al|ibn|y|st\.?)$/i;

/** A person's name as bylines write it: two to four capitalised words, no digits, no handle or address. */
export function looksLikePersonName(name: string): boolean {
  if (/[\d@/:#|&]/.test(name) || ORGANIZATION_WORD_RE.test(name)) return false;
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 4) return false;
  return words.every((w, i) => /^\p{Lu}[\p{L}'’.-]*$/u.test(w) || (i > 0 && i < words.length - 1 && NAME_PARTICLE_RE.test(w)));
}

const nameKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The author as the kind of thing it is: the site itself ("BBC News" on bbc.co.uk) is a
 * reference to the page's Organization, a name with an organisation's word (News, Inc, Ltd,
 * Group, Media, University…) or a declared organisation's name is an Organization, and only a
 * person's name is a Person. Anything else ("admin", "Staff") is left out.
 */
function authorNode(raw: string, model: PageModel, ids: ReturnType<typeof nodeIds>, url: string | null): JsonLdNode | null {
  const name = bylineName(raw);
  if (!name) return null;
  const key = nameKey(name);
  const site = nameKey(siteName(model));
  if (key === site || (site.length > 3 && (site.startsWith(`${key} `) || key.startsWith(`${site} `)))) return { '@id': ids.organization };
  const declaredOrgs = model.jsonLdNodes.filter((n) => typesOf(n).some((t) => ruleFor(t)?.type === 'Organization')).map((n) => (typeof n.name === 'string' ? nameKey(n.name) : ''));
  if (ORGANIZATION_WORD_RE.test(name) || declaredOrgs.includes(key)) return { '@type': 'Organization', name, ...(url ? { url } : {}) };
  if (!looksLikePersonName(name)) return null;
  return { '@type': 'Person', name, ...(url ? { url } : {}) };
}

function faqNode(model: PageModel, cues: PageCues, ids: ReturnType<typeof nodeIds>, forced: boolean): JsonLdNode | null {
  const pairs = new Map<string, string>();
  // "How to install X" heads instructions (HowTo), not a question someone asked.
  for (const a of model.answers) if (a.answerWordCount > 0 && isQuestion(a.question) && !INSTRUCTION_RE.test(a.question)) pairs.set(a.question, a.answer);
  for (const b of cues.faqBlocks) if (!pairs.has(b.question)) pairs.set(b.question, b.answer);
  if (pairs.size < (forced ? 1 : FAQ_MIN)) return null;
  return {
    '@type': 'FAQPage',
    '@id': ids.node('faq'),
    mainEntity: [...pairs].map(([name, text]) => ({ '@type': 'Question', name, acceptedAnswer: { '@type': 'Answer', text } })),
  };
}

function howToNode(model: PageModel, cues: PageCues, ids: ReturnType<typeof nodeIds>, forced: boolean): JsonLdNode | null {
  const minSteps = forced ? 2 : stepLists.defaultOptions.minSteps;
  const list = cues.orderedLists.find((l) => l.items.length >= minSteps && l.heading !== null && HOW_TO_HEADING_RE.test(l.heading))
    ?? (forced ? cues.orderedLists.find((l) => l.items.length >= minSteps) : undefined);
  if (!list) return null;
  const name = list.heading && !/^(?:steps?|instructions?)$/i.test(list.heading) ? list.heading : model.articleTitle ?? model.title ?? 'Steps';
  const node: JsonLdNode = {
    '@type': 'HowTo',
    '@id': ids.node('howto'),
    name,
    step: list.items.map((text, i) => ({ '@type': 'HowToStep', position: i + 1, text })),
  };
  if (model.metaDescription) node.description = model.metaDescription;
  const image = pageImage(model);
  if (image) node.image = image;
  return node;
}

/** The H1 names the thing on the page; the <title> often carries the shop's name as well. */
function pageHeading(model: PageModel): string | null {
  return model.headings.find((h) => h.level === 1)?.text ?? model.articleTitle ?? model.title;
}

function microdataOf(model: PageModel, type: string): Record<string, string[]> | null {
  return model.microdata.find((m) => m.type === type)?.properties ?? null;
}

function productNode(model: PageModel, ids: ReturnType<typeof nodeIds>, forced: boolean): JsonLdNode | null {
  const micro = microdataOf(model, 'Product');
  const offerMicro = microdataOf(model, 'Offer');
  const text = model.mainText;
  const priceMatch = PRICE_RE.exec(text);
  const metaPrice = model.meta['product:price:amount'] ?? model.meta['og:price:amount'];
  const availability = AVAILABILITY.find(([re]) => re.test(text))?.[1];
  const hasCue = micro !== null || model.meta['og:type'] === 'product' || metaPrice !== undefined || (priceMatch !== null && availability !== undefined);
  if (!forced && !hasCue) return null;
  const name = micro?.name?.[0] || pageHeading(model);
  if (!name) return null;
  const node: JsonLdNode = { '@type': 'Product', '@id': ids.node('product'), name };
  const description = micro?.description?.[0] || model.metaDescription;
  if (description) node.description = description;
  const image = micro?.image?.[0] || pageImage(model);
  if (image) node.image = image;
  if (micro?.brand?.[0]) node.brand = { '@type': 'Brand', name: micro.brand[0] };
  if (micro?.sku?.[0]) node.sku = micro.sku[0];
  const price = offerMicro?.price?.[0] ?? micro?.price?.[0] ?? metaPrice ?? (priceMatch ? (priceMatch[2] ?? priceMatch[3]).replace(/[,\s]/g, '') : undefined);
  const currency = offerMicro?.priceCurrency?.[0] ?? micro?.priceCurrency?.[0] ?? model.meta['product:price:currency'] ?? model.meta['og:price:currency'] ?? (priceMatch ? CURRENCY[priceMatch[1]] ?? priceMatch[4] : undefined);
  if (price !== undefined) {
    const offer: JsonLdNode = { '@type': 'Offer', price, priceCurrency: currency ?? 'USD' };
    const avail = offerMicro?.availability?.[0] ?? availability;
    if (avail) offer.availability = avail;
    if (model.url) offer.url = model.url;
    node.offers = offer;
  }
  return node;
}

function parseAddress(model: PageModel, cues: PageCues): JsonLdNode | null {
  const micro = microdataOf(model, 'PostalAddress');
  if (micro) {
    const address: JsonLdNode = { '@type': 'PostalAddress' };
    for (const key of ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry']) if (micro[key]?.[0]) address[key] = micro[key][0];
    return address;
  }
  const raw = cues.addresses[0];
  if (!raw) return null;
  // One block per line ("120 Market Street / Portland, OR 97204 / United States"), or one line with commas.
  const lines = raw.includes('\n') ? raw.split('\n') : raw.split(/,\s*/);
  const parts = lines.map((p) => p.trim()).filter((p) => p && !PHONE_RE.test(p) && !/@/.test(p));
  const streetIndex = parts.findIndex((p) => STREET_RE.test(p) && /\p{L}/u.test(p));
  if (streetIndex < 0) return null;
  const address: JsonLdNode = { '@type': 'PostalAddress', streetAddress: parts[streetIndex] };
  const rest = parts.slice(streetIndex + 1);
  const localityPart = rest.find((p) => /\p{L}/u.test(p));
  if (localityPart) {
    const postcode = POSTCODE_RE.exec(localityPart)?.[0];
    if (postcode) address.postalCode = postcode;
    const [locality, region] = localityPart.replace(POSTCODE_RE, '').split(',').map((p) => p.trim()).filter(Boolean);
    if (locality) address.addressLocality = locality;
    if (region) address.addressRegion = region;
  }
  const country = rest.filter((p) => /^\p{L}[\p{L} ]+$/u.test(p) && p !== localityPart).pop();
  if (country) address.addressCountry = country;
  return address;
}

function openingHours(text: string): JsonLdNode[] {
  const specs: JsonLdNode[] = [];
  HOURS_RE.lastIndex = 0;
  for (let m = HOURS_RE.exec(text); m; m = HOURS_RE.exec(text)) {
    const from = dayIndex(m[1]);
    const to = dayIndex(m[2]);
    if (from < 0 || to < from) continue;
    specs.push({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: DAYS.slice(from, to + 1),
      opens: clock(m[3], m[4], m[5]),
      closes: clock(m[6], m[7], m[8] ?? (m[5] === 'am' || m[5] === undefined ? 'pm' : m[5])),
    });
  }
  return specs;
}

function dayIndex(name: string): number {
  return DAYS.findIndex((d) => d.toLowerCase().startsWith(name.toLowerCase().slice(0, 3)));
}

function clock(hour: string, minute: string | undefined, meridiem: string | undefined): string {
  let h = Number(hour) % 24;
  const ampm = meridiem?.toLowerCase();
  if (ampm === 'pm' && h < 12) h += 12;
  if (ampm === 'am' && h === 12) h = 0;
  return `${String(h).padStart(2, '0')}:${minute ?? '00'}`;
}

/** A LocalBusiness needs two of: a postal address, a phone number, opening hours. */
function localBusinessNode(model: PageModel, cues: PageCues, ids: ReturnType<typeof nodeIds>, org: JsonLdNode): JsonLdNode | null {
  const address = parseAddress(model, cues);
  const telephone = (org.telephone as string | undefined) ?? PHONE_RE.exec(cues.addresses.join('\n'))?.[0];
  const hours = openingHours(`${model.mainText}\n${cues.addresses.join('\n')}`);
  const signals = [address !== null, telephone !== undefined, hours.length > 0].filter(Boolean).length;
  if (signals < 2 || address === null) return null;
  const node: JsonLdNode = { ...org, '@type': 'LocalBusiness', '@id': ids.organization, address };
  if (telephone) node.telephone = telephone;
  if (hours.length > 0) node.openingHoursSpecification = hours;
  const image = pageImage(model) ?? cues.logo;
  if (image) node.image = image;
  return node;
}

function breadcrumbNode(model: PageModel, cues: PageCues, forced: boolean): JsonLdNode | null {
  let items = cues.breadcrumbs;
  if (items.length < 2 && forced && model.url) items = breadcrumbsFromPath(model);
  if (items.length < 2) return null;
  return {
    '@type': 'BreadcrumbList',
    '@id': `${model.url ?? ''}#breadcrumb`,
    itemListElement: items.map((item, i) => {
      const url = item.url ?? (i === items.length - 1 ? model.url : null);
      return { '@type': 'ListItem', position: i + 1, name: item.name, ...(url ? { item: url } : {}) };
    }),
  };
}

function breadcrumbsFromPath(model: PageModel): PageCues['breadcrumbs'] {
  const origin = originOf(model.url)!;
  const segments = new URL(model.url!).pathname.split('/').filter(Boolean);
  const items: PageCues['breadcrumbs'] = [{ name: 'Home', url: `${origin}/` }];
  segments.forEach((s, i) => {
    const last = i === segments.length - 1;
    const name = last ? model.articleTitle ?? s : decodeURIComponent(s).replace(/[-_]+/g, ' ').replace(/^\p{Ll}/u, (c) => c.toUpperCase());
    items.push({ name, url: `${origin}/${segments.slice(0, i + 1).join('/')}${last ? '' : '/'}` });
  });
  return items;
}

function personNode(model: PageModel, ids: ReturnType<typeof nodeIds>, forced: boolean): JsonLdNode | null {
  const profilePage = model.meta['og:type'] === 'profile' || (model.url !== null && PROFILE_PATH_RE.test(model.url));
  if (!forced && !profilePage) return null;
  const name = model.meta['profile:first_name'] && model.meta['profile:last_name']
    ? `${model.meta['profile:first_name']} ${model.meta['profile:last_name']}`
    : model.headings.find((h) => h.level === 1)?.text ?? model.articleTitle;
  if (!name || (!forced && ORGANIZATION_WORD_RE.test(name))) return null;
  const node: JsonLdNode = { '@type': 'Person', '@id': ids.node('person'), name };
  if (model.url) node.url = model.url;
  const sameAs = profileLinks(model);
  if (sameAs.length > 0) node.sameAs = sameAs;
  const image = pageImage(model);
  if (image) node.image = image;
  if (model.metaDescription) node.description = model.metaDescription;
  const role = /\b(?:is|works as)\s+(?:an?|the)\s+([\p{L} -]{3,60}?)\s+(?:at|for|with)\s+(\p{Lu}[\p{L}&'-]*(?:\s+\p{Lu}[\p{L}&'-]*)*)/u.exec(model.paragraphs.slice(0, 3).map((p) => p.text).join(' '));
  if (role) {
    node.jobTitle = role[1].trim();
    node.worksFor = { '@type': 'Organization', name: role[2] };
  }
  return node;
}

function eventNode(model: PageModel, cues: PageCues, ids: ReturnType<typeof nodeIds>, forced: boolean): JsonLdNode | null {
  const text = `${model.title ?? ''}\n${model.headings.map((h) => h.text).join('\n')}\n${model.mainText}`;
  const venue = VENUE_RE.exec(model.mainText)?.[1]?.trim();
  const start = cues.times.map((t) => parseDate(t.datetime)).find((d): d is string => d !== null);
  if (!forced && !(EVENT_WORD_RE.test(text) && venue && start)) return null;
  const name = pageHeading(model);
  if (!name) return null;
  const node: JsonLdNode = { '@type': 'Event', '@id': ids.node('event'), name };
  if (start) node.startDate = start;
  const end = cues.times.map((t) => parseDate(t.datetime)).filter((d): d is string => d !== null)[1];
  if (end && start && end > start) node.endDate = end;
  if (venue) {
    const online = /\bonline\b|\bvirtual\b|\bzoom\b|\bwebinar\b/i.test(venue);
    node.eventAttendanceMode = online ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode';
    node.location = online ? { '@type': 'VirtualLocation', url: model.url ?? undefined } : { '@type': 'Place', name: venue, ...(cues.addresses[0] ? { address: cues.addresses[0].replace(/\n/g, ', ') } : {}) };
  }
  if (model.metaDescription) node.description = model.metaDescription;
  const image = pageImage(model);
  if (image) node.image = image;
  node.organizer = { '@id': ids.organization };
  const price = PRICE_RE.exec(model.mainText);
  if (price) node.offers = { '@type': 'Offer', price: (price[2] ?? price[3]).replace(/[,\s]/g, ''), priceCurrency: CURRENCY[price[1]] ?? price[4] ?? 'USD', ...(model.url ? { url: model.url } : {}) };
  return node;
}

/** The rule type a node is validated under, so "NewsArticle" on the page matches a generated "Article". */
function mergeKey(node: JsonLdNode): string {
  const type = primaryType(node);
  return ruleFor(type)?.type ?? type;
}

/**
 * Existing top-level nodes are all kept (the pasted block replaces the page's blocks, so
 * nothing may be lost); a generated node of the same kind only fills what they lack.
 */
function mergeWithExisting(generated: JsonLdNode[], model: PageModel): { nodes: JsonLdNode[]; merged: string[] } {
  const existing = model.jsonLd.flatMap((b) => b.nodes).filter((n) => typesOf(n).length > 0);
  const nodes: JsonLdNode[] = existing.map((n) => {
    const { '@context': _context, ...rest } = n;
    return rest;
  });
  const merged: string[] = [];
  for (const node of generated) {
    const match = nodes.find((n) => mergeKey(n) === mergeKey(node) || (mergeKey(node) === 'LocalBusiness' && mergeKey(n) === 'Organization'));
    if (!match) {
      nodes.push(node);
      continue;
    }
    merged.push(primaryType(match));
    const oldId = node['@id'];
    for (const [key, value] of Object.entries(node)) {
      if (key === '@type' && mergeKey(node) === 'LocalBusiness' && mergeKey(match) === 'Organization') match['@type'] = value;
      else if (match[key] === undefined || match[key] === null || match[key] === '') match[key] = value;
    }
    // References to the generated node now point at the existing one.
    if (typeof oldId === 'string' && match['@id'] !== oldId) relink(nodes, oldId, match['@id']);
  }
  return { nodes, merged };
}

function relink(nodes: JsonLdNode[], from: string, to: unknown): void {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (isObject(v) && Object.keys(v).length === 1 && v['@id'] === from) {
          if (typeof to === 'string') value[k] = { '@id': to };
        } else walk(v);
      }
    }
  };
  nodes.forEach(walk);
}

/**
 * A nested node that repeats a top-level node ("publisher": {"@type": "Organization", "name":
 * "BBC News"} beside the graph's BBC News Organization) becomes a reference to it, its extra
 * properties moved onto the top-level node: one description of each thing, validated once.
 */
function linkNestedCopies(nodes: JsonLdNode[]): void {
  const targets = nodes.filter((n) => typeof n['@id'] === 'string' && typeof n.name === 'string' && n.name.trim() !== '');
  if (targets.length === 0) return;
  const kind = (n: JsonLdNode) => (mergeKey(n) === 'LocalBusiness' ? 'Organization' : mergeKey(n));
  const find = (n: JsonLdNode): JsonLdNode | undefined =>
    typeof n.name === 'string'
      ? targets.find((t) => t !== n && kind(t) === kind(n) && nameKey(t.name as string) === nameKey(n.name as string) && (n['@id'] === undefined || n['@id'] === t['@id']))
      : undefined;
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        const target = isObject(item) && item['@type'] !== undefined ? find(item) : undefined;
        if (target) value[i] = absorb(target, item as JsonLdNode);
        else walk(item);
      });
      return;
    }
    if (!isObject(value)) return;
    for (const [k, v] of Object.entries(value)) {
      const target = isObject(v) && v['@type'] !== undefined ? find(v) : undefined;
      if (target) value[k] = absorb(target, v as JsonLdNode);
      else walk(v);
    }
  };
  for (const node of nodes) walk(node);
}

function absorb(target: JsonLdNode, copy: JsonLdNode): JsonLdNode {
  for (const [k, v] of Object.entries(copy)) if (k !== '@type' && (target[k] === undefined || target[k] === null || target[k] === '')) target[k] = v;
  return { '@id': target['@id'] };
}

/**
 * The schema's warnings, read from the output itself: each top-level node, then each nested
 * node under its path ("Article.author.url"), so a warning names the node it is about and never
 * contradicts another node of the same type. Repeats are reported once.
 */
function validate(schema: JsonLdNode): SchemaValidationWarning[] {
  const out: SchemaValidationWarning[] = [];
  const seen = new Set<string>();
  const report = (field: string, message: string, severity: 'error' | 'warning'): void => {
    const key = `${severity}|${field}|${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ field, message, severity });
  };
  const push = (node: JsonLdNode, path: string | null): void => {
    const v = validateSchemaNode(path === null ? { '@context': CONTEXT, ...node } : node, path === null);
    if (!v) return;
    const prefix = path ?? v.type;
    for (const e of v.errors) report(fieldOf(prefix, e), e, 'error');
    for (const w of v.warnings) report(fieldOf(prefix, w), w, 'warning');
  };
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, path));
    if (!isObject(value)) return;
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith('@')) continue;
      for (const item of Array.isArray(v) ? v : [v]) {
        if (!isObject(item)) continue;
        if (item['@type'] !== undefined) push(item, `${path}.${k}`);
        walk(item, `${path}.${k}`);
      }
    }
  };
  const graph = Array.isArray(schema['@graph']) ? (schema['@graph'] as JsonLdNode[]) : [schema];
  for (const node of graph) {
    const { '@context': _context, ...rest } = node;
    push(rest, null);
    walk(rest, primaryType(rest) || '(no @type)');
  }
  return out;
}

function fieldOf(type: string, message: string): string {
  const m = /property (\S+)/.exec(message) ?? /^(\w+)/.exec(message);
  return m ? `${type}.${m[1]}` : type;
}

function instructionsFor(scope: ToolScope, model: PageModel, warnings: SchemaValidationWarning[], mergedCount: number): string[] {
  const where = scope === 'site'
    ? 'Paste it into the <head> of your site-wide template (or your CMS\'s "header scripts" setting) so it appears on every page: Organization and WebSite describe the whole site.'
    : `Paste it into the <head> of ${model.url ?? 'the page'} (or the page's custom code field in your CMS).`;
  const steps = ['Copy the script element under "Implementation".', where];
  const parsed = model.jsonLd.filter((b) => b.error === null).length;
  const broken = model.jsonLd.length - parsed;
  if (parsed > 0) {
    steps.push(`Remove the page's ${parsed} existing JSON-LD block(s): this markup already contains their nodes${mergedCount > 0 ? ', completed with the missing properties' : ''}, and keeping both would describe the page twice.`);
  }
  if (broken > 0) steps.push(`${broken} existing JSON-LD block(s) are not valid JSON, so nothing from them is included: remove them, or fix them and generate again.`);
  const errors = warnings.filter((w) => w.severity === 'error');
  const missing = warnings.filter((w) => w.severity === 'warning');
  if (errors.length > 0) steps.push(`Fix the ${errors.length} error(s) listed under validation before publishing: ${[...new Set(errors.map((e) => e.field))].join(', ')}. Without them the markup is ignored.`);
  if (missing.length > 0) steps.push(`Add the recommended properties the page does not show yet (${[...new Set(missing.map((w) => w.field))].slice(0, 8).join(', ')}) when you have the information.`);
  steps.push('Check the markup matches what the page visibly says (Google ignores markup describing content that is not on the page).');
  steps.push('Test the published page with the Rich Results Test (https://search.google.com/test/rich-results) and the Schema Markup Validator (https://validator.schema.org/).');
  return steps;
}
