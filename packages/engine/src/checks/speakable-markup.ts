import type { Check } from './types';
import { notApplicable, pass, scored } from './helpers';
import { typesOf } from '../model/json-ld';

export interface SpeakableMarkupOptions {
  /** Score without speakable: it is optional and only some assistants read it. */
  missingScore: number;
}

const ELIGIBLE = /^(?:Article|NewsArticle|BlogPosting|WebPage|ReportageNewsArticle|AnalysisNewsArticle)$/;

export const speakableMarkup: Check<SpeakableMarkupOptions> = {
  id: 'speakable-markup',
  title: 'Speakable sections are marked up',
  failureTitle: 'No speakable markup',
  description: 'schema.org speakable points voice assistants to the passages best suited to be read aloud, such as the summary of an article.',
  learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/speakable',
  category: 'Schema',
  priority: 'Low',
  suggestion: 'Add a speakable property (cssSelector or xpath of the summary and key answer) to the Article or WebPage JSON-LD.',
  defaultOptions: { missingScore: 0.5 },
  run(model, _site, o) {
    const eligible = model.jsonLdNodes.filter((n) => typesOf(n).some((t) => ELIGIBLE.test(t)));
    if (eligible.length === 0) return notApplicable('Speakable applies to pages described as Article or WebPage.');
    if (eligible.some((n) => n.speakable !== undefined)) return pass('Speakable passages are declared.');
    return scored(o.missingScore, 'The Article/WebPage markup declares no speakable passages.', { title: 'No speakable passages are marked up' });
  },
};
