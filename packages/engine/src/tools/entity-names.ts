import nlp from 'compromise';
import type { EntityKind } from '@citable/contract';

/**
 * Cleaning of the names the entity tagger finds on real pages, where it also picks up pieces of
 * URLs ("wikipedia-", "cnn/"), photo credits ("JIM WATSON/AFP/Getty Images"), bylines ("Dan
 * Goodin -"), handles and lone first names, and reads "U.S." as an organisation. A name either
 * comes out as a clean name of the right kind or is dropped.
 */

export interface CleanEntity {
  name: string;
  type: EntityKind;
}

/** Characters that wrap a name in running text: quotes, brackets, bullets. */
const WRAP_START_RE = /^["“”'‘’([{<•*·\s]+/u;
const WRAP_END_RE = /["“”'‘’)\]}>•*·,;:!?\s]+$/u;
/** A dash standing apart at either end: "Dan Goodin -", "— Shay Friedman", "Biz & IT —". */
const LOOSE_DASH_END_RE = /\s+[-–—]+$/u;
const LOOSE_DASH_START_RE = /^[-–—]+\s+/u;
/** A dash glued to a word's end or start is a piece of a compound or a URL slug: "wikipedia-", "bbc-", "-based". */
const GLUED_DASH_RE = /(?:^|\s)[-–—]|[-–—](?:\s|$)/u;
/** Pieces of addresses: paths, handles, hashtags, domains. */
const URL_LIKE_RE = /[/\\@#|_=<>{}[\]]|:\/\/|\bwww\.|\.(?:com|org|net|edu|gov|io|co|uk|de|fr|info|biz|tv|me|ly|app|dev|ai|news|html?|php)\b/i;
/** Letters with periods: "U.S.", "U.K.", "U.N.". */
const DOTTED_ABBREVIATION_RE = /^(?:\p{Lu}\.)+\p{Lu}\.?$/u;
/** Countries and cities known by their initials; as the whole name they are places, never organisations. */
const PLACE_ABBREVIATIONS = new Set(['us', 'usa', 'uk', 'uae', 'dc', 'nyc', 'la', 'nz', 'prc', 'drc', 'ussr']);
/** Titles before a person's name: "Mr Obama", "President Barack Obama", "Dr. Shadlen". */
const HONORIFIC_RE =
  /^(?:(?:mr|mrs|ms|mx|dr|prof|professor|president|vice president|prime minister|minister|senator|sen|rep|representative|congressman|congresswoman|governor|gov|judge|justice|commissioner|general|gen|chancellor|mayor|sheriff|secretary|ceo|coach)\.?(?:\s+|$))+/i;
/** Words that make a name an organisation's, whatever the tagger said: "BBC News", "Acme Inc", "Columbia University". */
export const ORGANIZATION_WORD_RE =
  /\b(?:news|inc|incorporated|ltd|limited|llc|llp|plc|gmbh|corp|corporation|company|group|media|university|college|school|institute|foundation|association|society|agency|council|committee|commission|department|ministry|party|bank|airlines?|press|journal|magazine|network|studios?|labs?|laboratory|technologies|systems|partners|holdings|ventures|capital|records|publishing|publishers|broadcasting|tv|radio|federation|union|league|club|fc|team|staff|editors|editorial|desk|newsroom|reuters|bloomberg)\b\.?/i;

/** Every word of a name starts with a capital (or is a joining word), as names do in English. */
function capitalised(name: string): boolean {
  // "eBay", "iPhone": a lower-case letter before a capital still starts a name.
  return /^(?:[\p{Lu}\p{N}]|\p{Ll}\p{Lu})/u.test(name);
}

/**
 * The entity's name cleaned and its kind corrected, or null when it is not a name: a URL piece,
 * a handle, a byline fragment, a lower-case word. Topics (key phrases) may be lower-case; names may not.
 */
export function cleanEntity(raw: string, type: EntityKind): CleanEntity | null {
  let name = raw.replace(/\s+/g, ' ').trim();
  if (URL_LIKE_RE.test(name)) return null;
  name = name.replace(WRAP_START_RE, '').replace(WRAP_END_RE, '');
  for (let previous = ''; previous !== name; ) {
    previous = name;
    name = name.replace(LOOSE_DASH_END_RE, '').replace(LOOSE_DASH_START_RE, '').replace(WRAP_START_RE, '').replace(WRAP_END_RE, '');
  }
  if (GLUED_DASH_RE.test(name) || /[()]/.test(name)) return null;
  // "U.S" lost its last period on the way; put it back. Other trailing periods end a sentence.
  if (DOTTED_ABBREVIATION_RE.test(name)) name = name.endsWith('.') ? name : `${name}.`;
  else name = name.replace(/\.+$/, '');
  name = name.replace(/['’]s$/u, '');
  if (type === 'person') name = name.replace(HONORIFIC_RE, '');
  name = name.trim();
  if (name.length < 2 || !/\p{L}/u.test(name)) return null;
  if (type === 'topic') return { name, type };
  if (!capitalised(name)) return null;
  const letters = name.replace(/[^\p{L}]/gu, '').toLowerCase();
  if (PLACE_ABBREVIATIONS.has(letters) && (DOTTED_ABBREVIATION_RE.test(name) || name === name.toUpperCase())) return { name, type: 'place' };
  if (type === 'person') {
    if (/\d/.test(name) || name.split(' ').length > 4) return null;
    if (ORGANIZATION_WORD_RE.test(name)) return { name, type: 'organization' };
  }
  return { name, type };
}

const firstNames = new Map<string, boolean>();

/** A given name and nothing else ("Kevin", "Alice"), by compromise's lexicon of first and last names. */
export function isFirstNameOnly(token: string): boolean {
  const key = token.toLowerCase();
  let known = firstNames.get(key);
  if (known === undefined) {
    const doc = nlp(token);
    known = doc.has('#FirstName') && !doc.has('#LastName');
    firstNames.set(key, known);
  }
  return known;
}

/**
 * Lone names of people: a single word that is part of a fuller name on the same page ("Ammar"
 * beside "Ammar Askar", "Obama" beside "Barack Obama"), or a single word that is only a common
 * first name ("Kevin"). The fuller name stands for the person.
 */
export function isLoneName(name: string, people: readonly string[]): boolean {
  if (/\s/.test(name)) return false;
  const lower = name.toLowerCase();
  if (people.some((p) => /\s/.test(p) && p.toLowerCase().split(/\s+/).includes(lower))) return true;
  return isFirstNameOnly(name);
}

/** Legal forms that belong to the name before them: "Stumptown Bean Co", "Acme Inc", "Müller GmbH". */
export const LEGAL_SUFFIX_RE = /^(?:co|company|inc|incorporated|ltd|limited|llc|llp|plc|gmbh|corp|ag|sa|sas|bv|nv|pty|oy|ab)\.?$/i;

/** Words too general to be a page's topic on their own, whatever their count. */
const GENERIC_TOPIC_WORDS = new Set(
  'step steps use uses way ways thing things time times part parts lot lots kind kinds type types best every fine good great new first last next more most one ones day days year years people number page home welcome click read today item items minute minutes second seconds bit'.split(' '),
);

/**
 * Text written in capitals from end to end ("WELCOME TO STUMPTOWN BEAN CO!!!"): a banner, whose
 * words are not names in the case they are written, so the tagger's reading of it is not used.
 */
export function isShouted(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 8 && /\s/.test(text.trim()) && letters === letters.toUpperCase();
}

/** An acronym-like name written in capitals: "CO", "KPMG", "ICAEW". */
export function isCapitals(name: string): boolean {
  const letters = name.replace(/[^\p{L}]/gu, '');
  return letters.length > 0 && letters === letters.toUpperCase();
}

/**
 * A run-together list the tagger read as one name ("Ethiopia, Colombia, Guatemala", "Stripe,
 * QuickBooks and Xero") split into its items; a single name comes back alone.
 */
export function splitNameList(raw: string): string[] {
  if (!/,/.test(raw)) return [raw];
  return raw
    .split(/\s*,\s*(?:and\s+|or\s+|&\s+)?|\s+(?:and|or|&)\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * The name with the legal form that follows it in the text ("Stumptown Bean" + "Co"), matched
 * case-sensitively so that "co" in running text is not taken; the name as given otherwise.
 */
export function withLegalSuffix(name: string, text: string): string {
  const escaped = escapeRegExp(name);
  const m = new RegExp(`${escaped}\\s+(Co|Company|Inc|Ltd|Limited|LLC|LLP|PLC|GmbH|Corp|AG|Pty)\\b\\.?`).exec(text);
  return m ? `${name} ${m[1]}` : name;
}

/** A topic is a noun phrase: not a generic word, not only stop words, ending in a noun. */
export function isNounPhraseTopic(topic: string): boolean {
  const words = topic.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.every((w) => GENERIC_TOPIC_WORDS.has(w))) return false;
  if (words.length === 1 && GENERIC_TOPIC_WORDS.has(words[0])) return false;
  // Read after an article, as a noun phrase would stand: "the filter" is a noun where "filter" alone reads as a verb.
  const terms = nlp(`the ${topic}`).terms().json() as { terms: { tags: string[] }[] }[];
  const tags = terms.at(-1)?.terms[0]?.tags ?? [];
  if (!(tags.includes('Noun') || tags.includes('Gerund')) || tags.includes('Pronoun')) return false;
  // "cup use": a noun then a word that is mostly a verb is a fragment of a sentence, not a topic.
  if (words.length > 1 && GENERIC_TOPIC_WORDS.has(words.at(-1)!)) return false;
  return true;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the name occurs in the text in exactly this case, as a whole word: "KPMG" in a sentence, not "CO" in "cold". */
export function appearsAsWritten(name: string, text: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

/** Words that may stay lower-case inside a name: "Bank of America", "Department for Education". */
const NAME_JOINERS = new Set(['of', 'and', 'the', 'for', 'de', 'du', 'la', 'le', 'von', 'van', 'der', 'da', 'di', 'y', 'on', 'at', 'in', '&']);

/**
 * Every word capitalised (joining words aside), and a one-word person a name the lexicon knows:
 * "Guatemalan coffee" and "MetLife insurance" are a name and a word run together, "South" is a direction.
 */
export function isWrittenAsName(name: string): boolean {
  const words = name.split(/\s+/);
  if (!words.every((w, i) => (i > 0 && NAME_JOINERS.has(w.toLowerCase())) || /^(?:[\p{Lu}\p{N}]|\p{Ll}\p{Lu})/u.test(w))) return false;
  return true;
}

/** A one-word "person" the name lexicon does not know ("South" of "South Austin"): too little to say who is meant. */
export function isUnknownSingleName(name: string): boolean {
  return !/\s/.test(name) && !nlp(name).has('#Person');
}

/** Whether prose names it after a lower-case word, as a sentence does ("from Enphase Energy"), not at the start of a heading or a line. */
export function namedMidSentence(name: string, text: string): boolean {
  return new RegExp(`\\p{Ll}[,;]?\\s+${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'u').test(text);
}
