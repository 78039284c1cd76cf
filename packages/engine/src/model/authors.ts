/**
 * Author names from what pages put around them. A byline is decoration around names: "By",
 * "Byby", "ByTravis Haney" (an icon's text run into the name), "Par", "Von"; a date and time; a
 * job title; "and"-joined co-authors; handles and profile URLs. `namesFromByline` takes the names
 * out; `isPlausibleName` says whether what is left names someone. A value that names no one (a
 * date, "By" alone, "Staff", a URL, a handle, a sentence) is no author: crediting it would tell
 * the author check that the page has one.
 */

export interface NameOptions {
  /**
   * The value is declared an organization (a JSON-LD or microdata Organization): one word is
   * enough ("Reuters"), digits and "&" are allowed ("Procter & Gamble", "3M"), lower-case words
   * are allowed ("Organization for Transformative Works").
   */
  organization?: boolean;
}

const MAX_NAME_LENGTH = 60;
const MAX_PERSON_WORDS = 6;
const MAX_ORGANIZATION_WORDS = 8;
const MAX_BYLINE_LENGTH = 500;

/** Lower-case words that belong inside names: particles of surnames and Iberian "y"/"e". */
const PARTICLES = new Set([
  'de', 'da', 'das', 'do', 'dos', 'di', 'del', 'della', 'der', 'den', 'des', 'du', 'la', 'le', 'van', 'von', 'ten', 'ter', 'te',
  'zu', 'zum', 'af', 'av', 'bin', 'ibn', 'al', 'el', 'y', 'e', 'st', "d'", 'ap', 'mac', 'lo',
]);

/** Words that make a value a role or a label rather than someone's name. */
const ROLE_WORDS = new Set([
  'editor', 'editors', 'writer', 'writers', 'reporter', 'reporters', 'correspondent', 'correspondents', 'columnist', 'contributor',
  'contributors', 'contributing', 'producer', 'analyst', 'journalist', 'journalists', 'photographer', 'staff', 'intern', 'critic',
  'director', 'manager', 'author', 'authors', 'founder', 'ceo', 'editorial', 'desk', 'newsroom', 'team', 'admin', 'administrator',
  'webmaster', 'moderator', 'guest', 'anonymous', 'unknown', 'user', 'redaktion', 'rédaction', 'redaction', 'redacción', 'redazione',
  'redactie', 'équipe', 'equipo', 'agencies', 'agency', 'wires', 'wire', 'newsdesk', 'bureau', 'chief', 'senior', 'associate',
  'deputy', 'assistant', 'executive', 'managing', 'special', 'freelance', 'freelancer', 'host', 'anchor', 'presenter', 'blogger',
  'professor', 'researcher', 'lead', 'head', 'officer', 'president', 'vice', 'coordinator', 'specialist', 'strategist', 'expert',
  'consultant', 'correspondant', 'journaliste', 'rédacteur', 'rédactrice', 'autor', 'autorin', 'auteur', 'redakteur', 'redakteurin',
  'periodista', 'redactor', 'giornalista', 'sponsored', 'partner', 'content', 'press', 'release',
]);
/** Articles that start a publication's name ("The Guardian", "Der Spiegel", "Die Zeit"), never a person's. */
const PUBLICATION_ARTICLES = new Set(['the', 'der', 'die', 'das']);
/** Words that fill out a label ("The Editors", "Our Staff") without naming anyone. */
const FILLER = new Set(['the', 'our', 'your', 'a', 'an', 'by', 'of', 'and', '&']);

/**
 * Words of a job title that can stand before its role word ("Games Editor", "Senior Political
 * Correspondent"): cut with it when they follow a name.
 */
const TITLE_WORDS = new Set([
  ...ROLE_WORDS,
  'games', 'tech', 'technology', 'science', 'health', 'business', 'sports', 'sport', 'politics', 'political', 'news', 'national',
  'foreign', 'international', 'global', 'world', 'local', 'city', 'metro', 'digital', 'social', 'media', 'video', 'photo', 'data',
  'investigative', 'legal', 'economics', 'economic', 'finance', 'financial', 'markets', 'entertainment', 'culture', 'arts', 'music',
  'film', 'movie', 'tv', 'television', 'travel', 'food', 'style', 'fashion', 'opinion', 'features', 'feature', 'weekend', 'white',
  'house', 'washington', 'general', 'assignment', 'breaking', 'trending', 'audience', 'engagement', 'copy', 'photography', 'graphics',
  'visual', 'weather', 'climate', 'environment', 'education', 'medical', 'staff', 'at', 'large', 'in', 'of', 'for', 'and', '&',
]);

/** Interface words: a value holding one of them is a button or a label, not a name. */
const UI_WORDS = new Set([
  'share', 'shares', 'tweet', 'follow', 'following', 'followers', 'comment', 'comments', 'subscribe', 'posted', 'published',
  'updated', 'written', 'edited', 'print', 'email', 'e-mail', 'menu', 'login', 'logout', 'ago', 'today', 'yesterday', 'minutes',
  'hours', 'min', 'read', 'my', 'profile', 'bio', 'view', 'more', 'articles', 'stories', 'posts', 'click', 'here', 'sign', 'newsletter',
  'advertisement', 'facebook', 'twitter', 'linkedin', 'instagram', 'whatsapp', 'pinterest', 'reddit', 'youtube', 'tiktok',
  'copyright', 'rights', 'reserved', 'photo', 'photos', 'image', 'images', 'video', 'getty', 'shutterstock', 'credit',
  'source', 'sources', 'listen', 'audio', 'close', 'open', 'toggle', 'show', 'hide', 'loading', 'undefined', 'null', 'none', 'n/a',
  'mis', 'jour', 'publié', 'veröffentlicht', 'aktualisiert', 'actualizado', 'publicado', 'aggiornato', 'pubblicato',
]);

const WEEKDAYS =
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lunes|martes|miércoles|jueves|viernes|sábado|domingo';
const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|januar|februar|märz|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre';

/** Where the date part of a byline starts: a digit, a month before a number, a weekday, a relative time. */
const DATE_START_RE = new RegExp(
  String.raw`\d|(?<![\p{L}])(?:(?:${MONTHS})\.?\s+\d|(?:${WEEKDAYS})\.?,?\s|(?:yesterday|today|just now|hier|gestern|heute|ayer|hoy)(?![\p{L}]))`,
  'iu',
);

/** Words that introduce the authors. Apart from "by", they count only at the start of a clause ("Ursula von der Leyen"). */
const AUTHOR_LABEL = String.raw`(?:(?:written|posted|published|story|words|text|article|report|reporting|compiled|interview|analysis|column|commentary)\s+by|by|byline|authors?|autor(?:in|es|a)?|auteurs?|par|von|por|door|di|av|af|texte|text|escrito\s+por|écrit\s+par|propos\s+recueillis\s+par|作者|著者|撰文|记者|記者|筆者|文)`;
/** Words that introduce someone other than the author, or a date: their clause is dropped. */
const OTHER_LABEL = String.raw`(?:(?:edited|reviewed|medically\s+reviewed|fact[-\s]?checked|checked|photos?|photographs?|photography|images?|illustrations?|illustrated|graphics|video|translated|translation|updated|additional\s+reporting|produced|make-?up|hair|styling|styled|set\s+design|props|casting)\s+by|(?:make-?up|hair|styling|stylist|models?|photographer|photography|fotos?|bild|illustration)(?=\s*[:：])|(?:last\s+)?(?:updated|modified|published|posted|created|date|dated)(?:\s+on|\s+at)?|publié(?:\s+le)?|mis\s+à\s+jour(?:\s+le)?|modifié(?:\s+le)?|veröffentlicht(?:\s+am)?|aktualisiert(?:\s+am)?|actualizado(?:\s+el)?|publicado(?:\s+el)?|pubblicato(?:\s+il)?|aggiornato(?:\s+il)?|photo|photos|credit|source|image|copyright|©)`;

// A label, then a colon, spaces or the end. Author labels come first: "Posted by" is one, "Posted on" is not.
const LABEL_RE = new RegExp(String.raw`(?<![\p{L}\p{M}'’-])(?:(${AUTHOR_LABEL})|(${OTHER_LABEL}))(?:\s*[:：]\s*|\s+|$)`, 'giu');
// "ByTravis Haney" (an icon's "By" run into the name), "Byby JOSH HASKELL" (a label and its text both kept).
const GLUED_BY_RE = /(^|[^\p{L}\p{M}])(?:[Bb][Yy])+(?=\p{Lu}\p{Ll}|\s)/gu;
const SEPARATOR_RE = /\s*(?:[|•·‧∙◆◇●○▪►/\\;\n\r\t]|\s[-–—―]\s|[–—―]|\s-$|^-\s)\s*/u;
const CONJUNCTION_RE = /\s*,\s*|\s+(?:and|&|und|et|y|e|og|och|en|i|ir|és|ve|und|with|avec|mit|con|com|met|along\s+with)\s+/iu;
const CREDENTIAL_RE = /^(?:jr|sr|ii|iii|iv|phd|ph\.d|md|m\.d|ma|ms|msc|mba|mph|rn|np|do|dds|jd|j\.d|esq|bsc|ba|bs|cpa|cfa|rd|lcsw|pharmd|facp|frcp|obe|mbe|cbe)\.?$/i;
const SUFFIX_RE = /^(?:jr|sr|ii|iii|iv)\.?$/i;

const UNSPACED_SCRIPT_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const PERSON_CHARS_RE = /^[\p{L}\p{M}](?:[\p{L}\p{M} .'’‐-]*[\p{L}\p{M}.])?$/u;
const ORGANIZATION_CHARS_RE = /^[\p{L}\p{M}\p{Nd}](?:[\p{L}\p{M}\p{Nd} .,'’&‐+-]*[\p{L}\p{M}\p{Nd}.])?$/u;

const NICKNAME_RE = /^[\p{L}\p{M}][\p{L}\p{M}.'’ -]{0,29}$/u;
const MID_NAME_RE = /\s\([\p{L}\p{M}][\p{L}\p{M}.'’ -]{0,29}\)(?=\s)/u;

const lowerWord = (w: string) => w.toLowerCase().replace(/[.,]+$/, '');
const isCased = (ch: string) => ch.toLowerCase() !== ch.toUpperCase();
const startsUpper = (w: string) => !isCased(w[0]) || w[0] !== w[0].toLowerCase();

/**
 * True when `value`, already cleaned of decoration, reads as the name of a person (or, with
 * `organization`, of an organization). Each rule refuses a kind of value real bylines carry:
 *
 * - empty, or longer than 60 characters (a sentence, a bio);
 * - any character a name does not have: a digit (a date, a time, "8h", a user id), "@" (handles,
 *   emails), "/" and ":" (URLs, "Updated: ..."), "_" (user names), "|", "•", brackets and quotes
 *   (a nickname in parentheses between given name and surname, "Richard (R.J.) Eskow", is allowed);
 * - fewer than two words, unless written in a script without spaces between words (Chinese,
 *   Japanese, Korean, Thai), where 2 to 12 characters are needed: "By", "Staff", "admin";
 * - more than 6 words;
 * - a first or last word that is not capitalised, or more than one lower-case word that is not
 *   a surname particle (de, van, von, bin...): "by jane", "Follow the author";
 * - only words of job titles and labels ("Staff Writer", "Our Foreign", "White House"), a role word
 *   in a person's name ("Jane Doe Editor"), or an interface word ("Share", "Follow", "Updated",
 *   "ago", "My").
 *
 * Organizations (declared as such in structured data) may be one word, hold digits, "&" and
 * lower-case words, and have up to 8 words; they still may not be generic ("Staff") or hold
 * interface words.
 */
export function isPlausibleName(value: string, options: NameOptions = {}): boolean {
  if (value.trim().length > MAX_NAME_LENGTH) return false;
  const name = value.trim().replace(MID_NAME_RE, '');
  if (name.length === 0) return false;
  const organization = options.organization === true;
  if (!(organization ? ORGANIZATION_CHARS_RE : PERSON_CHARS_RE).test(name)) return false;
  const words = name.split(/\s+/);
  const lower = words.map(lowerWord);
  if (lower.some((w) => UI_WORDS.has(w))) return false;
  if (lower.every((w) => TITLE_WORDS.has(w) || PARTICLES.has(w) || FILLER.has(w))) return false;
  if (organization) return words.length <= MAX_ORGANIZATION_WORDS && startsUpper(words[0]);
  if (words.length > MAX_PERSON_WORDS) return false;
  if (words.length === 1) {
    const letters = [...name].length;
    return UNSPACED_SCRIPT_RE.test(name) && letters >= 2 && letters <= 12;
  }
  if (lower.some((w) => ROLE_WORDS.has(w))) return false;
  if (!startsUpper(words[0]) || !startsUpper(words[words.length - 1])) return false;
  const lowerCaseWords = words.filter((w) => isCased(w[0]) && !startsUpper(w) && !PARTICLES.has(lowerWord(w)));
  return lowerCaseWords.length <= 1;
}

/**
 * The names in a byline or an author value, in order, without duplicates:
 * "Byby JOSH HASKELL December 16, 2016, 4:19 PM" gives ["JOSH HASKELL"], "By Jane Doe and John
 * Roe, Staff Writers" gives ["Jane Doe", "John Roe"], "Published: Dec. 22, 2016" gives [].
 */
export function namesFromByline(text: string, options: NameOptions = {}): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  const add = (name: string) => {
    const key = name.toLowerCase();
    if (!seen.has(key) && isPlausibleName(name, options)) {
      seen.add(key);
      names.push(name);
    }
  };
  // A byline is short; a longer value is a description or a page's worth of text, never read.
  if (text.length > MAX_BYLINE_LENGTH) return names;
  if (options.organization) {
    const name = tidy(text);
    if (name) add(name);
    return names;
  }
  for (const clause of authorClauses(text)) {
    for (const name of splitNames(clause)) add(name);
  }
  return names;
}

/** The parts of a byline that can hold author names, labels and dates removed. */
function authorClauses(text: string): string[] {
  let s = text.replace(/[\u200b-\u200f\u2060\ufeff]/g, '').replace(/\s+/g, ' ');
  // Parentheses hold co-authors ("(avec Damien Leloup et Morgane Tual)") or decoration (handles,
  // affiliations, profile links): the first become a clause of their own, the second go.
  // A nickname or middle names between given name and surname ("Richard (R.J.) Eskow") stay.
  s = s.replace(/\(([^()]*)\)|\[([^[\]]*)\]/g, (whole: string, round: string | undefined, square: string | undefined, at: number, all: string) => {
    const inner = (round ?? square ?? '').trim();
    if (/^(?:avec|with|and|et|und|mit|con|com|y|e|&)\s/i.test(inner)) return ` | ${inner.replace(/^\S+\s+/, '')} | `;
    const midName = round !== undefined && NICKNAME_RE.test(inner) && /\p{Lu}[\p{L}.'’-]*\s$/u.test(all.slice(0, at)) && /^\s\p{Lu}/u.test(all.slice(at + whole.length));
    return midName ? whole : ' ';
  });
  s = s
    .replace(/\bhttps?:\/\/\S+|\bwww\.\S+|\S+@\S+\.\S+/gi, ' ')
    .replace(/(^|[\s(])@[\p{L}\p{N}_.]+/gu, '$1 ')
    .replace(/\s*(?:\.{2,}|…)\s*/g, ' | ')
    .replace(GLUED_BY_RE, '$1By ');
  const clauses: { text: string; labelled: boolean }[] = [];
  for (const segment of s.split(SEPARATOR_RE)) {
    // Cut the segment at each label; the text after an author label is labelled, after any
    // other label it is dropped.
    LABEL_RE.lastIndex = 0;
    let last = 0;
    let kind: 'author' | 'other' | null = null;
    const pieces: { text: string; kind: 'author' | 'other' | null }[] = [];
    for (let m = LABEL_RE.exec(segment); m; m = LABEL_RE.exec(segment)) {
      if (m[1] !== undefined && m.index > 0) {
        // Mid-clause, only "by" followed by a capitalised word labels a name ("Tech Industry by Steven Musil").
        if (!/^by$/i.test(m[1]) || !/^\p{Lu}/u.test(segment.slice(m.index + m[0].length))) continue;
      }
      pieces.push({ text: segment.slice(last, m.index), kind });
      kind = m[1] !== undefined ? 'author' : 'other';
      last = m.index + m[0].length;
    }
    pieces.push({ text: segment.slice(last), kind });
    for (const piece of pieces) {
      const body = piece.text.trim();
      if (piece.kind === 'other') continue;
      if (!body) {
        // A label alone ("By" in its own element) labels the next segment.
        if (piece.kind === 'author') clauses.push({ text: '', labelled: true });
        continue;
      }
      const previous = clauses[clauses.length - 1];
      if (piece.kind === null && previous && previous.labelled && previous.text === '') previous.text = body;
      else clauses.push({ text: body, labelled: piece.kind === 'author' });
    }
  }
  const kept = clauses.some((c) => c.labelled && c.text) ? clauses.filter((c) => c.labelled) : clauses;
  return kept.map((c) => cutAtDate(c.text)).filter(Boolean);
}

function cutAtDate(text: string): string {
  const m = DATE_START_RE.exec(text);
  return (m ? text.slice(0, m.index) : text).trim();
}

/** "Jane Doe, John Roe and Ann Poe" into names; credentials dropped, "Jr." kept, "Doe, Jane" turned round. */
function splitNames(clause: string): string[] {
  const pieces = clause.split(CONJUNCTION_RE).map(tidy).filter(Boolean);
  // "Jong, Michiel de" / "Kooman, F.": a surname, a comma, then given names or initials.
  if (pieces.length === 2 && clause.split(',').length === 2 && !/\s(?:and|&)\s/i.test(clause)) {
    const [family, given] = pieces;
    const acronym = /^\p{Lu}{2,}$/u.test(given);
    if (!/\s/.test(family) && !CREDENTIAL_RE.test(given) && !acronym && given.split(/\s+/).length <= 3 && startsUpper(given) && !isPlausibleName(given)) {
      return [stripTitle(`${given} ${family}`)];
    }
  }
  const out: string[] = [];
  for (const [i, piece] of pieces.entries()) {
    // "Jane Doe, The Guardian": after a name, a piece that starts with an article is the
    // publication the person writes for; a person's name never starts with one.
    if (i > 0 && PUBLICATION_ARTICLES.has(lowerWord(piece.split(/\s+/)[0]))) continue;
    if (SUFFIX_RE.test(piece) && out.length > 0) out[out.length - 1] += ` ${piece}`;
    else if (!CREDENTIAL_RE.test(piece)) out.push(stripTitle(piece));
  }
  return out.filter(Boolean);
}

/** A job title before or after the name: "Staff Writer Jane Doe", "Ben Silverman Games Editor". */
function stripTitle(name: string): string {
  const words = name.split(/\s+/);
  if (words.length <= 2) return name;
  let start = 0;
  while (start < words.length - 2 && TITLE_WORDS.has(lowerWord(words[start])) && isTitleRun(words, start)) start++;
  let end = words.length;
  for (let i = start + 2; i < words.length; i++) {
    if (TITLE_WORDS.has(lowerWord(words[i])) && isTitleRun(words, i)) {
      end = i;
      break;
    }
  }
  return words.slice(start, end).join(' ');
}

/** The words from `i` on are a title only if one of them is a role ("Games Editor", not "White"). */
function isTitleRun(words: string[], i: number): boolean {
  for (let j = i; j < words.length && TITLE_WORDS.has(lowerWord(words[j])); j++) if (ROLE_WORDS.has(lowerWord(words[j]))) return true;
  return false;
}

/** Trims the punctuation bylines leave around names; keeps the period of a final initial. */
function tidy(value: string): string {
  let s = value.replace(/\s+/g, ' ').trim();
  s = s.replace(/^[\s,.;:–—\-|•·'"“”‘’«»()[\]]+/u, '').replace(/[\s,;:–—\-|•·'"“”‘’«»()[\]]+$/u, '');
  if (/\s\S{3,}\.$/.test(s) || /^\S{3,}\.$/.test(s)) s = s.slice(0, -1);
  return s.trim();
}
