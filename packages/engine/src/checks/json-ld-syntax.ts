import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';
import { truncate } from '../text/words';

export type JsonLdSyntaxOptions = Record<string, never>;

export const jsonLdSyntax: Check<JsonLdSyntaxOptions> = {
  id: 'json-ld-syntax',
  title: 'JSON-LD is valid JSON',
  failureTitle: 'JSON-LD blocks cannot be parsed',
  description: 'A JSON-LD block with a syntax error is ignored entirely by every consumer, so all the facts it states are lost.',
  learnMore: 'https://validator.schema.org/',
  category: 'Schema',
  priority: 'High',
  suggestion: 'Fix the JSON syntax (trailing commas, unescaped quotes, comments) of the listed JSON-LD blocks.',
  defaultOptions: {},
  run(model) {
    if (model.jsonLd.length === 0) return notApplicable('The page has no JSON-LD.');
    const broken = model.jsonLd.filter((b) => b.error !== null);
    if (broken.length === 0) return pass(`All ${model.jsonLd.length} JSON-LD block(s) parse.`);
    return scored(1 - broken.length / model.jsonLd.length, `${broken.length} of ${model.jsonLd.length} JSON-LD block(s) are not valid JSON.`, {
      title: broken.length === 1 ? 'A JSON-LD block cannot be parsed' : `${broken.length} JSON-LD blocks cannot be parsed`,
      details: broken.slice(0, 10).map((b) => detail(b.error ?? '', truncate(b.raw.trim(), 160))),
    });
  },
};
