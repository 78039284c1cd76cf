import { typesOf } from '../model/json-ld';
import type { PageModel } from '../model/types';
import { ruleFor } from '../schema/schema-rules';
import { structuredAnswers } from './structured-facts';

/**
 * What kind of business a site is, from its markup first and its wording second, so the prompt
 * tool asks what that business's buyers ask (issue #32): a shop gets buying and price prompts, a
 * local business where/when/book prompts, a service business hire/quote prompts, software
 * sign-up and trial prompts, a publisher questions about its subjects. A site can be several
 * kinds (a roaster with a café is a shop and a local business); none when nothing says.
 */
export type SiteKind = 'shop' | 'local' | 'service' | 'saas' | 'publisher';

const SERVICE_TYPE_RE = /(?:Service|Attorney|Accountant|Consultant|Agency|Contractor|Electrician|Plumber|Notary|Locksmith)$/;
const PUBLISHER_TYPE_RE = /^(?:NewsArticle|NewsMediaOrganization|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|Periodical|Blog)$/;
const SOFTWARE_TYPE_RE = /^(?:SoftwareApplication|WebApplication|MobileApplication|SaaS)$/;

const CART_RE = /\badd to (?:cart|basket|bag)\b|\bbuy now\b|\bin stock\b|\bfree shipping\b/i;
const SAAS_RE = /\bfree trial\b|\bper (?:user|seat)\b|\/(?:mo|month)\b|\bper month\b[\s\S]{0,200}\bplan\b|\bintegrates? with\b|\bsign up\b/i;
const QUOTE_RE = /\b(?:get a|request a|free|fixed-fee) quote\b|\bconsultation\b|\bour (?:clients|services)\b/i;

export function siteKinds(pages: readonly PageModel[]): Set<SiteKind> {
  const kinds = new Set<SiteKind>();
  for (const page of pages) {
    const types = page.jsonLdNodes.flatMap((n) => typesOf(n));
    for (const t of types) {
      const family = ruleFor(t)?.type;
      if (t === 'Product' || (t === 'Offer' && !types.some((x) => SOFTWARE_TYPE_RE.test(x))) || t === 'OnlineStore' || t === 'Store') kinds.add('shop');
      if (SOFTWARE_TYPE_RE.test(t)) kinds.add('saas');
      if (PUBLISHER_TYPE_RE.test(t)) kinds.add('publisher');
      if (SERVICE_TYPE_RE.test(t) || t === 'ProfessionalService' || t === 'LegalService') kinds.add('service');
      if (family === 'LocalBusiness' && !SERVICE_TYPE_RE.test(t)) kinds.add('local');
    }
    // A business that declares a street address people can visit is local, whatever its type.
    if (structuredAnswers(page).some((a) => a.kind === 'where') && !kinds.has('saas')) kinds.add('local');
    const text = page.mainText;
    if (CART_RE.test(text)) kinds.add('shop');
    if (SAAS_RE.test(text) && !kinds.has('shop')) kinds.add('saas');
    if (QUOTE_RE.test(text) && !kinds.has('shop') && !kinds.has('saas')) kinds.add('service');
  }
  return kinds;
}
