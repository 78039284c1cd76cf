import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';
import { isObject, typesOf } from '../model/json-ld';
import { asArray } from '../schema/schema-rules';

export type AuthorProfileOptions = Record<string, never>;

const AUTHOR_PATH_RE = /\/(?:author|authors|people|team|profile|staff|writers?|contributors?)\//i;

export const authorProfile: Check<AuthorProfileOptions> = {
  id: 'author-profile',
  title: 'Author is linked to a profile',
  failureTitle: 'Author is not described as a Person with profiles',
  description:
    'An author linked to a profile page or described as a schema.org Person with sameAs links can be recognised as the same expert across the web, which strengthens the trust answer engines place in the content.',
  learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/article#author-bp',
  category: 'Schema',
  priority: 'Low',
  suggestion: 'Mark the author up as a Person with url and sameAs (LinkedIn, Wikipedia, ORCID...) and link the byline to an author page.',
  defaultOptions: {},
  run(model) {
    if (!model.author) return notApplicable('No author is named (see author-attribution).');
    const persons = model.jsonLdNodes.flatMap((n) => asArray(n.author)).filter(isObject);
    const withProfile = persons.some((p) => (typesOf(p).length === 0 || typesOf(p).includes('Person')) && (p.sameAs !== undefined || typeof p.url === 'string'));
    if (withProfile) return pass('The author is described with a profile URL or sameAs links.');
    const link = model.links.find((l) => l.rel.includes('author') || (l.url !== null && AUTHOR_PATH_RE.test(l.url)));
    if (link) {
      return scored(0.8, 'The byline links to an author page, but the structured data does not describe the author as a Person with profiles.', {
        title: 'Author page is linked, but the author is not marked up as a Person',
        details: [detail(link.text || link.href, link.url ?? link.href)],
      });
    }
    return scored(0.4, `"${model.author}" is named but not linked to any profile.`, { title: 'Author has no linked profile' });
  },
};
