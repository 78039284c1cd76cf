import type { Check } from './types';
import { detail, joinAnd, notApplicable, pass, scored } from './helpers';

export type SocialMetadataOptions = Record<string, never>;

const FIELDS: [string, string[]][] = [
  ['og:title', ['og:title', 'twitter:title']],
  ['og:description', ['og:description', 'twitter:description']],
  ['og:image', ['og:image', 'og:image:url', 'twitter:image']],
  ['og:type or twitter:card', ['og:type', 'twitter:card']],
];

export const socialMetadata: Check<SocialMetadataOptions> = {
  id: 'social-metadata',
  title: 'Open Graph metadata is present',
  failureTitle: 'Open Graph metadata is incomplete',
  description:
    'Open Graph and Twitter card tags give a clean title, summary and image for the page; assistants and link previews in chat apps read them when they present the page.',
  learnMore: 'https://ogp.me/',
  category: 'Technical SEO',
  priority: 'Low',
  suggestion: 'Add og:title, og:description, og:image and og:type meta tags.',
  defaultOptions: {},
  run(model) {
    if (model.format !== 'html') return notApplicable('Pasted Markdown or text has no meta tags.');
    const missing = FIELDS.filter(([, keys]) => !keys.some((k) => model.meta[k])).map(([label]) => label);
    if (missing.length === 0) return pass('Open Graph title, description, image and type are present.');
    return scored(1 - missing.length / FIELDS.length, `Missing: ${missing.join(', ')}.`, {
      title: missing.length === FIELDS.length ? 'Page has no Open Graph metadata' : `Open Graph metadata lacks ${joinAnd(missing)}`,
      details: missing.map((m) => detail(m, 'missing')) });
  },
};
