import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';
import { validateSchemaNode, type SchemaValidation } from '../schema/schema-rules';

export interface SchemaValidityOptions {
  /** Score lost per missing recommended property, and its cap, for a node without errors. */
  warningPenalty: number;
  warningPenaltyCap: number;
}

export const schemaValidity: Check<SchemaValidityOptions> = {
  id: 'schema-validity',
  title: 'Structured data is complete and valid',
  failureTitle: 'Structured data is incomplete',
  description:
    'Schema.org markup only helps when it carries the properties consumers need: an Article without a headline, an FAQPage without answers or a Product without offers is ignored or misread.',
  learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/sd-policies',
  category: 'Schema',
  priority: 'Medium',
  suggestion: 'Add the missing required properties listed in the details; then the recommended ones.',
  defaultOptions: { warningPenalty: 0.05, warningPenaltyCap: 0.3 },
  run(model, _site, options) {
    const results: SchemaValidation[] = [];
    for (const block of model.jsonLd) {
      for (const node of block.nodes) {
        const v = validateSchemaNode(node, true);
        if (v) results.push(v);
      }
    }
    const topLevel = new Set(model.jsonLd.flatMap((b) => b.nodes));
    for (const node of model.jsonLdNodes) {
      if (topLevel.has(node)) continue;
      const v = validateSchemaNode(node, false);
      if (v) results.push(v);
    }
    if (results.length === 0) return notApplicable('The page has no parseable JSON-LD.');
    let total = 0;
    const items = [];
    for (const r of results) {
      total += r.errors.length > 0 ? 0 : 1 - Math.min(options.warningPenaltyCap, r.warnings.length * options.warningPenalty);
      for (const e of r.errors) items.push(detail(`${r.type}: ${e}`, 'error'));
      for (const w of r.warnings) items.push(detail(`${r.type}: ${w}`, 'warning'));
    }
    const score = total / results.length;
    const errors = results.filter((r) => r.errors.length > 0).length;
    if (score >= 0.999) return pass(`${results.length} structured-data item(s) are complete.`);
    return scored(score, errors > 0 ? `${errors} of ${results.length} structured-data item(s) miss required properties or are malformed.` : 'The structured data is valid but misses recommended properties.', {
      title: errors === 0 ? 'Structured data lacks recommended properties' : errors === 1 ? 'A structured-data item misses required properties or is malformed' : `${errors} structured-data items miss required properties or are malformed`,
      details: items.slice(0, 20),
      priority: errors > 0 ? 'Medium' : 'Low',
    });
  },
};
