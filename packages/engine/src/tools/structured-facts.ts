import type { EntityKind } from '@citable/contract';
import { isObject, stringValue, typesOf } from '../model/json-ld';
import type { JsonLdNode, PageModel } from '../model/types';
import { ruleFor } from '../schema/schema-rules';

/**
 * What a page declares about itself in schema.org JSON-LD, read as facts the tools can rest on:
 * the named things (the business, its people, its products, its address) and the answers the
 * markup gives (where, when, how much). Markup is the site's own statement, so it comes before
 * anything guessed from running text (issue #32).
 */

export interface StructuredEntity {
  name: string;
  type: Exclude<EntityKind, 'topic'>;
}

export interface StructuredAnswer {
  kind: 'where' | 'when' | 'price' | 'contact';
  /** The answer as a sentence a person could read aloud. */
  text: string;
  /** The declared name it belongs to ("Stumptown Bean Co"). */
  subject: string | null;
}

/** Types that are businesses even when schema-rules has no rule for them: "CafeOrCoffeeShop", "AccountingService". */
const BUSINESS_TYPE_RE = /(?:Business|Service|Store|Shop|Organization|Organisation|Restaurant|Dentist|Clinic|Cafe|Bakery|Bar|Physician|Attorney|Agency|Company|Corporation|Brand)$/;
const PRODUCT_TYPE_RE = /^(?:Product|ProductModel|SoftwareApplication|WebApplication|MobileApplication|Book|Vehicle|IndividualProduct|Service)$/;

function nameOf(node: JsonLdNode): string | null {
  const name = stringValue(node.name);
  return name && name.length <= 120 ? name.replace(/\s+/g, ' ') : null;
}

function kindOfType(types: string[]): StructuredEntity['type'] | null {
  for (const t of types) {
    const family = ruleFor(t)?.type;
    if (t === 'Person' || family === 'Person') return 'person';
    if (PRODUCT_TYPE_RE.test(t) || family === 'Product') return 'product';
    if (family === 'Organization' || family === 'LocalBusiness' || BUSINESS_TYPE_RE.test(t)) return 'organization';
    if (t === 'Place' || t === 'City' || t === 'Country' || t === 'AdministrativeArea') return 'place';
  }
  return null;
}

/** "412 SE Hawthorne Blvd, Portland, OR 97214": the parts of a PostalAddress in reading order. */
export function formatAddress(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (!isObject(value)) return null;
  const part = (key: string): string | null => stringValue(value[key]);
  const region = [part('addressRegion'), part('postalCode')].filter(Boolean).join(' ');
  const parts = [part('streetAddress'), part('addressLocality'), region || null].filter((p): p is string => p !== null && p !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Every typed node, nested ones included (an author inside an Article, an address inside a business). */
function allNodes(page: PageModel): JsonLdNode[] {
  const out: JsonLdNode[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6) return;
    if (Array.isArray(value)) value.forEach((v) => visit(v, depth + 1));
    else if (isObject(value)) {
      if (value['@type'] !== undefined) out.push(value);
      for (const [key, v] of Object.entries(value)) if (key !== '@context') visit(v, depth + 1);
    }
  };
  page.jsonLd.forEach((block) => block.nodes.forEach((n) => visit(n, 0)));
  return out;
}

export function structuredEntities(page: PageModel): StructuredEntity[] {
  const out: StructuredEntity[] = [];
  for (const node of allNodes(page)) {
    const types = typesOf(node);
    const name = nameOf(node);
    const kind = kindOfType(types);
    if (name && kind) out.push({ name, type: kind });
    if (types.includes('PostalAddress')) {
      const address = formatAddress(node);
      if (address && stringValue(node.streetAddress)) out.push({ name: address, type: 'place' });
      const locality = stringValue(node.addressLocality);
      if (locality) out.push({ name: locality, type: 'place' });
    }
  }
  return out;
}

const DAY_NAMES: Record<string, string> = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' };

/** "Mo-Su 07:00-17:00" or an OpeningHoursSpecification, said in words. */
function openingHours(node: JsonLdNode): string | null {
  const said: string[] = [];
  const plain = node.openingHours;
  for (const value of Array.isArray(plain) ? plain : plain === undefined ? [] : [plain]) {
    if (typeof value !== 'string') continue;
    said.push(value.replace(/\b(Mo|Tu|We|Th|Fr|Sa|Su)\b/g, (d) => DAY_NAMES[d] ?? d).replace(/(\w+day)-(\w+day)/, '$1 to $2').replace(/(\d{2}:\d{2})-(\d{2}:\d{2})/, '$1 to $2'));
  }
  const specs = node.openingHoursSpecification;
  for (const spec of Array.isArray(specs) ? specs : specs === undefined ? [] : [specs]) {
    if (!isObject(spec)) continue;
    const days = (Array.isArray(spec.dayOfWeek) ? spec.dayOfWeek : [spec.dayOfWeek]).map((d) => stringValue(d)?.replace(/^https?:\/\/schema\.org\//, '')).filter(Boolean);
    const opens = stringValue(spec.opens);
    const closes = stringValue(spec.closes);
    if (days.length > 0 && opens && closes) said.push(`${days.length > 2 ? `${days[0]} to ${days.at(-1)}` : days.join(' and ')} ${opens} to ${closes}`);
  }
  return said.length > 0 ? said.join('; ') : null;
}

function offerPrice(node: JsonLdNode): string | null {
  const offers = Array.isArray(node.offers) ? node.offers[0] : node.offers;
  if (!isObject(offers)) return null;
  const price = stringValue(offers.price ?? offers.lowPrice);
  if (!price) return null;
  const currency = stringValue(offers.priceCurrency);
  const symbol = currency === 'USD' ? '$' : currency === 'GBP' ? '£' : currency === 'EUR' ? '€' : null;
  return symbol ? `${symbol}${price}` : `${price}${currency ? ` ${currency}` : ''}`;
}

/** The answers the page's markup gives outright: an address answers "where", hours "when", an offer "how much". */
export function structuredAnswers(page: PageModel): StructuredAnswer[] {
  const out: StructuredAnswer[] = [];
  for (const node of allNodes(page)) {
    const subject = nameOf(node);
    const address = formatAddress(node.address);
    if (address && /\d/.test(address)) out.push({ kind: 'where', subject, text: `${subject ?? 'It'} is at ${address}.` });
    const hours = openingHours(node);
    if (hours) out.push({ kind: 'when', subject, text: `${subject ?? 'It'} is open ${hours}.` });
    const price = offerPrice(node);
    if (price && subject) out.push({ kind: 'price', subject, text: `${subject} costs ${price}.` });
    const phone = stringValue(node.telephone);
    if (phone && subject) out.push({ kind: 'contact', subject, text: `${subject} can be reached at ${phone}.` });
  }
  return out;
}
