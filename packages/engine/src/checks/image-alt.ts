import type { Check } from './types';
import { detail, details, notApplicable, pass, scored } from './helpers';

export type ImageAltOptions = Record<string, never>;

const FILENAME_RE = /\.(?:jpe?g|png|gif|webp|svg|avif)$|^(?:img|image|dsc|photo)[-_ ]?\d*$/i;

export const imageAlt: Check<ImageAltOptions> = {
  id: 'image-alt',
  title: 'Images have alt text',
  failureTitle: 'Images lack real alt text',
  description: 'Alt text is the only description of an image that text-based crawlers and language models receive; it also makes the page accessible.',
  learnMore: 'https://developer.chrome.com/docs/lighthouse/accessibility/image-alt',
  category: 'User Experience',
  priority: 'Medium',
  suggestion: 'Describe each meaningful image in its alt attribute; use alt="" for purely decorative ones.',
  defaultOptions: {},
  run(model) {
    const images = model.images.filter((i) => !i.decorative && (i.inMain || model.format !== 'html'));
    const all = images.length > 0 ? images : model.images.filter((i) => !i.decorative);
    if (all.length === 0) return notApplicable('The page has no images.');
    const bad = all.filter((i) => i.alt === null || FILENAME_RE.test(i.alt.trim()));
    if (bad.length === 0) return pass(`All ${all.length} images have alt text (or are marked decorative).`);
    const fileNamed = bad.filter((i) => i.alt !== null).length;
    const subject = bad.length === 1 ? 'An image' : `${bad.length} images`;
    const title =
      fileNamed === 0 ? `${subject} ${bad.length === 1 ? 'has' : 'have'} no alt text`
      : fileNamed === bad.length ? `${subject} ${bad.length === 1 ? 'has a file name' : 'have file names'} as alt text`
      : `${subject} lack real alt text`;
    return scored(1 - bad.length / all.length, `${bad.length} of ${all.length} images have no alt text or a file name as alt text.`, {
      title,
      details: details(bad, (i) => detail(i.src || '(no src)', i.alt === null ? 'alt missing' : `alt="${i.alt}"`)),
    });
  },
};
