import type { Check } from './types';
import { detail, pass, scored, ramp } from './helpers';

export interface ContentDepthOptions {
  /** Words at which depth starts to count, and at which it is full. */
  thinWords: number;
  fullWords: number;
  /** Headed sections for full marks on coverage. */
  fullSections: number;
}

export const contentDepth: Check<ContentDepthOptions> = {
  id: 'content-depth',
  title: 'Content covers the topic in depth',
  failureTitle: 'Content lacks depth',
  description:
    'Answer engines draw on pages that cover a topic comprehensively: more distinct sub-topics means more questions the page can answer and more passages that can be retrieved.',
  learnMore: 'https://developers.google.com/search/docs/fundamentals/creating-helpful-content',
  category: 'Content',
  priority: 'Medium',
  suggestion: 'Expand the content with sections that answer the related questions a reader would ask next.',
  defaultOptions: { thinWords: 150, fullWords: 1000, fullSections: 4 },
  run(model, _site, o) {
    const headed = model.sections.filter((s) => s.heading !== null && s.wordCount >= 30).length;
    const score = 0.8 * ramp(model.wordCount, o.thinWords, o.fullWords) + 0.2 * ramp(headed, 0, o.fullSections);
    const list = [detail('Words of main content', model.wordCount), detail('Sections with a heading', headed)];
    if (score >= 0.95) return pass(`${model.wordCount} words in ${headed} section(s).`, list);
    return scored(score, `The main content has ${model.wordCount} words in ${headed} headed section(s); ${o.fullWords}+ words in ${o.fullSections}+ sections cover a topic in depth.`, {
      title: model.wordCount < o.thinWords ? 'Content is thin' : model.wordCount < o.fullWords ? 'Content is too short to cover its topic in depth' : 'Content has too few headed sections',
      details: list,
      priority: model.wordCount < o.thinWords ? 'High' : 'Medium',
    });
  },
};
