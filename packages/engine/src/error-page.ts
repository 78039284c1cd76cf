import { httpErrorReason, httpStatusLabel, type AuditResult, type ErrorPage, type PageInput, type SiteSnapshot } from '@citable/contract';
import { auditModel, type AuditOptions } from './audit';
import { buildPageModel } from './model/build-page-model';
import type { PageModel } from './model/types';

/**
 * Is a fetched page an error page rather than content? The one decision every audit path uses
 * (the CLI, the server's page and site audits, the tools): a page that answered 4xx or 5xx, or a
 * soft 404, is never scored.
 *
 * A soft 404 is an error page served with a success status. It is told conservatively, since
 * refusing a real page is worse than scoring an error page: the title or a level-1 heading must
 * *be* a not-found phrase ("Page not found", "404", "Seite nicht gefunden", "Página no encontrada"...),
 * not merely mention one ("How to fix 404 errors"), the main content must be short, and it must
 * not talk about status codes (a glossary entry titled "404 Not Found" does).
 */

export interface ErrorPageVerdict {
  /** The status the page answered (2xx for a soft 404). */
  status: number;
  /** To follow the page's URL: "answered 404 Not Found", or "answered 200 OK but says "Page not found" (a soft 404)". */
  reason: string;
  soft: boolean;
}

/** The most main-content words a soft 404 may have: error pages say little; real pages say more. */
export const SOFT_404_MAX_WORDS = 150;

type SoftSignals = Pick<PageModel, 'title' | 'headings' | 'wordCount' | 'mainText'>;

/**
 * Why the page is an error page, or null when it is content to audit. `status` is the HTTP status
 * (absent for pasted content, which is never an error page); `model` lets a 2xx page be told as a
 * soft 404, without it only the status counts.
 */
export function errorPageReason(status: number | null | undefined, model?: SoftSignals | null): ErrorPageVerdict | null {
  const http = httpErrorReason(status);
  if (http !== null) return { status: status!, reason: http, soft: false };
  if (!model || status === null || status === undefined || status < 200 || status >= 300) return null;
  const phrase = softNotFoundPhrase(model);
  if (phrase === null) return null;
  return { status, reason: `answered ${httpStatusLabel(status)} but says "${phrase}" (a soft 404)`, soft: true };
}

/** The title or level-1 heading that makes the page a soft 404, or null. */
export function softNotFoundPhrase(model: SoftSignals): string | null {
  if (model.wordCount > SOFT_404_MAX_WORDS) return null;
  if (TALKS_ABOUT_STATUS_CODES.test(model.mainText)) return null;
  const candidates = [model.title, ...model.headings.filter((heading) => heading.level === 1).map((heading) => heading.text)];
  for (const candidate of candidates) {
    if (!candidate) continue;
    // A bare "404" counts only first ("404 | Lantern Tea"), never in the site name's place ("About | 404").
    for (const [index, segment] of candidate.split(SEGMENT_SEPARATOR).entries()) {
      const match = notFoundMatch(segment);
      if (match === 'phrase' || (match === 'code' && index === 0)) return segment.trim().replace(/\s+/g, ' ');
    }
  }
  return null;
}

/** A fetched page read as content: its model, or why it is an error page and was not analysed. */
export type FetchedPageModel = { type: 'content'; model: PageModel } | { type: 'error-page'; errorPage: ErrorPage };

/** The outcome of auditing a fetched page: its audit, or why it is an error page and was not scored. */
export type FetchedPageAudit = { type: 'audited'; result: AuditResult } | { type: 'error-page'; errorPage: ErrorPage };

/**
 * The model of a fetched page, unless it is an error page: a 4xx or 5xx is told by its status
 * alone (no model is built), a soft 404 by the model. Use it wherever a page read from the network
 * is analysed (the tools); `buildPageModel` models anything it is given.
 */
export function modelFetchedPage(page: PageInput): FetchedPageModel {
  const http = errorPageReason(page.status);
  if (http !== null) return { type: 'error-page', errorPage: { url: page.url ?? '', status: http.status, reason: http.reason } };
  const model = buildPageModel(page);
  const verdict = errorPageReason(page.status, model);
  if (verdict !== null) return { type: 'error-page', errorPage: { url: page.url ?? '', status: verdict.status, reason: verdict.reason } };
  return { type: 'content', model };
}

/**
 * Audits a fetched page unless it is an error page, building its model once for both. Use it
 * wherever a page read from the network is scored; `auditSnapshot` scores anything it is given.
 */
export function auditFetchedPage(snapshot: SiteSnapshot, options: AuditOptions = {}): FetchedPageAudit {
  const read = modelFetchedPage(snapshot.page);
  if (read.type === 'error-page') return read;
  return { type: 'audited', result: auditModel(read.model, snapshot.site, options) };
}

// Title parts: "Page not found | Lantern Tea", "404 - Page not found", "Error 404: Not Found".
const SEGMENT_SEPARATOR = /\s[|\-–—·•»:]\s|[|–—·•»]|:\s/u;

// Pages about status codes (glossaries, SEO guides) name them; error pages rarely do.
const TALKS_ABOUT_STATUS_CODES = /\bstatus[- ]?codes?\b|\bstatuscodes?\b|\bcódigos? de estado\b|\bcodes? (?:de )?(?:statut|d'état|état http)\b|\bresponse code\b/iu;

const CODE_WORD = String.raw`(?:http|error|erreur|fehler|errore|erro|fout|code|codigo)`;
const CODE = String.raw`(?:${CODE_WORD} ?)?404(?: (?:${CODE_WORD}|page|seite|pagina))?`;
const PHRASES = [
  // English
  String.raw`(?:page|file|document|resource|url)? ?not found`,
  String.raw`(?:the |this |that )?(?:page|file) (?:you (?:are|were|re) looking for |you requested |requested )?(?:does ?n'?t|does not|did ?n'?t|did not|could ?n'?t|could not|can'?t|can not|cannot|was ?n'?t|was not|is ?n'?t|is not) (?:exist|be found|found|available)(?: anymore| any more)?`,
  String.raw`(?:the |this |that )?page (?:no longer exists|is missing|is gone)`,
  String.raw`(?:sorry )?(?:we|i) (?:can'?t|can not|cannot|could ?n'?t|could not) find (?:that|this|the|your) page(?: you(?: are|'re| re) looking for)?`,
  String.raw`(?:we |i )?(?:can'?t|can not|cannot|could ?n'?t|could not) find (?:that|this|the) page`,
  String.raw`(?:page|file) (?:cannot|can not|can'?t|could not|could ?n'?t) be found`,
  // German
  String.raw`(?:die |diese )?(?:angeforderte |gesuchte )?seite (?:wurde |konnte )?(?:leider )?nicht gefunden(?: werden)?`,
  String.raw`(?:die |diese )?seite existiert (?:leider )?nicht(?: mehr)?`,
  // French (accents removed)
  String.raw`(?:la |cette )?page (?:est )?(?:introuvable|non trouvee|inexistante)`,
  String.raw`(?:la |cette )?page (?:demandee |que vous recherchez )?n'existe pas(?: ou plus)?`,
  // Spanish
  String.raw`(?:la )?pagina no (?:encontrada|existe|se encuentra)`,
  String.raw`(?:la )?pagina (?:que buscas|solicitada) no (?:existe|se encuentra|se ha encontrado)`,
  String.raw`no (?:se )?(?:encontro|ha encontrado|pudo encontrar|podemos encontrar) (?:la|esta|esa) pagina`,
  // Italian
  String.raw`(?:la )?pagina (?:non trovata|non esiste|non e stata trovata)`,
  // Portuguese
  String.raw`(?:a )?pagina (?:nao encontrada|nao existe|nao foi encontrada)`,
  // Dutch
  String.raw`(?:deze )?pagina (?:niet gevonden|bestaat niet)(?: meer)?`,
  // Polish
  String.raw`(?:nie znaleziono strony|strona nie (?:istnieje|zosta[lł]a znaleziona))`,
];
const CODE_ONLY = new RegExp(String.raw`^${CODE}$`, 'u');
const NOT_FOUND = new RegExp(String.raw`^(?:${CODE} )?(?:${PHRASES.join('|')})(?: ${CODE})?$`, 'u');
const INTERJECTION = /^(?:(?:oops|whoops|oh no|uh oh|sorry|ups|hoppla|oups|vaya|lo sentimos|desole|entschuldigung|huch|ouch|hmm+)\b ?)+/u;

function notFoundMatch(text: string): 'phrase' | 'code' | null {
  const normalised = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/gu, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(INTERJECTION, '')
    .trim();
  if (normalised === '') return null;
  if (CODE_ONLY.test(normalised)) return 'code';
  return NOT_FOUND.test(normalised) ? 'phrase' : null;
}
