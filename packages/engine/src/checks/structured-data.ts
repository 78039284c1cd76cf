import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';
import { typesOf } from '../model/json-ld';

export interface StructuredDataOptions {
  /** Score for microdata-only pages: readable, but JSON-LD is what most consumers parse. */
  microdataOnlyScore: number;
}

export const structuredData: Check<StructuredDataOptions> = {
  id: 'structured-data',
  title: 'Page has structured data',
  failureTitle: 'Page has no usable JSON-LD',
  description:
    'Schema.org structured data states explicitly what the page is (an article, a product, a business, an FAQ) and who is behind it, which lets machines identify entities instead of guessing them from prose.',
  learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/intro-structured-data',
  category: 'Schema',
  priority: 'Medium',
  suggestion: 'Add JSON-LD describing the page (Article, Product, FAQPage...) and the organization behind it.',
  defaultOptions: { microdataOnlyScore: 0.6 },
  run(model, _site, options) {
    if (model.format !== 'html') return notApplicable('Pasted Markdown or text cannot carry structured data.');
    // Only blocks that parse state anything: a broken block is ignored by every consumer, so it
    // earns nothing here (json-ld-syntax reports it) and never scores above having none.
    const parsed = model.jsonLd.filter((block) => block.error === null && block.nodes.length > 0);
    if (parsed.length > 0) {
      const types = [...new Set(model.jsonLdNodes.flatMap(typesOf))];
      return pass(`The page has ${parsed.length} JSON-LD block(s).`, types.slice(0, 15).map((t) => detail(t)));
    }
    const typed = model.microdata.filter((m) => m.type);
    if (typed.length > 0) {
      return scored(options.microdataOnlyScore, 'The page has microdata but no JSON-LD, the format most structured-data consumers prefer.', {
        title: 'Structured data is microdata only, not JSON-LD',
        details: [...new Set(typed.map((m) => m.type))].slice(0, 10).map((t) => detail(t)),
        priority: 'Low',
        suggestion: 'Express the same facts as JSON-LD in a script element.',
      });
    }
    if (model.jsonLd.length > 0) return scored(0, `The page's ${model.jsonLd.length} JSON-LD block(s) cannot be parsed, so it states no structured data.`, { title: 'JSON-LD cannot be parsed, so no structured data is read' });
    return scored(0, 'The page has no JSON-LD or microdata.', { title: 'Page has no structured data' });
  },
};
