import type { Check } from './types';
import { detail, joinAnd, notApplicable, pass, scored } from './helpers';
import { isObject, typesOf } from '../model/json-ld';
import { ruleFor } from '../schema/schema-rules';

export interface OrganizationIdentityOptions {
  nameWeight: number;
  logoWeight: number;
  sameAsWeight: number;
}

export const organizationIdentity: Check<OrganizationIdentityOptions> = {
  id: 'organization-identity',
  title: 'Organization identity is declared',
  failureTitle: 'Organization identity is incomplete',
  description:
    'Organization markup with a name, a logo and sameAs links to official profiles (Wikipedia, Wikidata, LinkedIn...) lets answer engines connect the page to a known entity, which is how brands get named in answers.',
  learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/organization',
  category: 'Schema',
  priority: 'Medium',
  suggestion: 'Add Organization JSON-LD with name, url, logo and sameAs links to your official profiles.',
  defaultOptions: { nameWeight: 0.4, logoWeight: 0.3, sameAsWeight: 0.3 },
  run(model, _site, options) {
    if (model.format !== 'html') return notApplicable('Pasted Markdown or text cannot carry structured data.');
    const orgs = model.jsonLdNodes.filter((n) => typesOf(n).some((t) => {
      const rule = ruleFor(t);
      return rule !== null && (rule.type === 'Organization' || rule.type === 'LocalBusiness');
    }));
    if (orgs.length === 0) return scored(0, 'No Organization (or LocalBusiness) is described in the structured data.', { title: 'The organization behind the page is not identified' });
    const has = (key: string) => orgs.some((o) => {
      const v = o[key];
      return typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) ? v.length > 0 : isObject(v);
    });
    const name = has('name');
    const logo = has('logo') || has('image');
    const sameAs = has('sameAs');
    if (!isHomePage(model.url ?? model.canonical)) {
      // An article names its publisher (name and logo); the profiles that tie the brand to a known
      // entity belong on the home page, where Google asks for Organization markup. Requiring
      // sameAs on every article failed nearly every real article page without telling them apart.
      const score = ((name ? options.nameWeight : 0) + (logo ? options.logoWeight : 0)) / (options.nameWeight + options.logoWeight);
      const missing = [!name && 'name', !logo && 'logo'].filter((m): m is string => typeof m === 'string');
      if (missing.length === 0) return pass('The organization behind the page is named, with its logo.', sameAs ? [] : [detail('sameAs profiles', 'expected on the home page')]);
      return scored(score, `The organization markup lacks ${missing.join(', ')}.`, {
        title: lacksTitle(missing),
        details: missing.map((m) => detail(`Missing ${m}`)),
        suggestion: `Add ${missing.join(', ')} to the Organization (or the Article's publisher) JSON-LD.`,
        priority: name ? 'Low' : 'Medium',
      });
    }
    const score = (name ? options.nameWeight : 0) + (logo ? options.logoWeight : 0) + (sameAs ? options.sameAsWeight : 0);
    const missing = [!name && 'name', !logo && 'logo', !sameAs && 'sameAs'].filter((m): m is string => typeof m === 'string');
    if (missing.length === 0) return pass('The organization has a name, a logo and sameAs profiles.');
    return scored(score, `The organization markup lacks ${missing.join(', ')}.`, {
      title: lacksTitle(missing),
      details: missing.map((m) => detail(`Missing ${m}`)),
      suggestion: `Add ${missing.join(', ')} to the Organization JSON-LD.`,
      priority: name ? 'Low' : 'Medium',
    });
  },
};

/** The site's front page (path `/`), or an address that cannot tell: then the full rule applies. */
function isHomePage(address: string | null): boolean {
  if (!address || !URL.canParse(address)) return true;
  return new URL(address).pathname.replace(/\/(index\.\w+)?$/, '') === '';
}

const MISSING_WORDING: Record<string, string> = { name: 'a name', logo: 'a logo', sameAs: 'sameAs profiles' };

/** "Organization markup lacks a logo": names exactly what is missing, so the fix and the headline agree. */
function lacksTitle(missing: readonly string[]): string {
  return `Organization markup lacks ${joinAnd(missing.map((m) => MISSING_WORDING[m] ?? m))}`;
}
