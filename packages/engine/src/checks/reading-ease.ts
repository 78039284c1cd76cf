import type { Check } from './types';
import { detail, notApplicable, pass, scored, ramp } from './helpers';

export interface ReadingEaseOptions {
  /** Flesch reading ease for full marks (60 = plain English, about 8th-9th grade). */
  target: number;
  /** At or below this (very difficult, academic) the check scores 0. */
  floor: number;
  /** Words of main content below which a Flesch figure says little, as for the other content checks. */
  minWords: number;
}

export const readingEase: Check<ReadingEaseOptions> = {
  id: 'reading-ease',
  title: 'Text is easy to read',
  failureTitle: 'Text is hard to read',
  description:
    'Voice answers are read at about a 9th-grade level, and plain sentences are easier for answer engines to lift out and restate. Flesch reading ease of 60 or more is plain English.',
  learnMore: 'https://yoast.com/flesch-reading-ease-score/',
  category: 'User Experience',
  priority: 'Medium',
  suggestion: 'Use shorter sentences and everyday words; explain jargon once and then use plain terms.',
  defaultOptions: { target: 60, floor: 30, minWords: 80 },
  run(model, _site, o) {
    const r = model.readability;
    if (model.wordCount < o.minWords) return notApplicable(`The content has fewer than ${o.minWords} words.`);
    if (r.fleschReadingEase === null) return notApplicable('Reading ease is computed for English text of 30 words or more.');
    const list = [detail('Flesch reading ease', r.fleschReadingEase), detail('Grade level', r.gradeLevel ?? 0)];
    if (r.fleschReadingEase >= o.target) return pass(`Flesch reading ease is ${r.fleschReadingEase} (grade ${r.gradeLevel}).`, list);
    return scored(ramp(r.fleschReadingEase, o.floor, o.target), `Flesch reading ease is ${r.fleschReadingEase} (grade ${r.gradeLevel}); ${o.target} or more reads easily.`, { title: 'Text is hard to read', details: list });
  },
};
