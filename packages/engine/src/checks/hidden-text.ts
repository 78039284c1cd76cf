import type { Check } from './types';
import { counted, detail, details, joinAnd, pass, scored } from './helpers';
import type { HiddenBlock, HidingMethod } from '../model/hidden-text';

export interface HiddenTextOptions {
  /** Words a hidden block needs to count: shorter ones are labels and icon text. The page model calls blocks under 8 words labels, so lower values act as 8. */
  minBlockWords: number;
  /** Words of counted hidden text that make a finding. */
  minWords: number;
  /** A block whose three-word sequences are at least this share in the visible text is a copy, not hidden text. */
  maxDuplicateShare: number;
  /**
   * Text hidden from some readers only: screen-reader-only text is read aloud to screen-reader
   * users, and aria-hidden text is on screen for sighted readers (a caption, a decorative copy).
   * Only this many words in one block is an article that some readers never get.
   */
  partialHidingWords: number;
}

const METHOD_NAMES: Record<HidingMethod, string> = {
  'display-none': 'display:none',
  'visibility-hidden': 'visibility:hidden',
  'hidden-attribute': 'the hidden attribute',
  'off-screen': 'off-screen positioning',
  'zero-size': 'a zero-size box',
  'tiny-font': 'a zero or 1px font size',
  'same-colour': 'text in the background colour',
  'screen-reader-only': 'screen-reader-only positioning',
  'aria-hidden': 'aria-hidden',
};

/** The hidden blocks that nothing legitimate explains: not interface, not a copy of visible text, long enough. */
export function manipulativeHiddenText(blocks: readonly HiddenBlock[], o: HiddenTextOptions): HiddenBlock[] {
  return blocks.filter(
    (b) =>
      b.legitimate === null &&
      b.duplicateShare < o.maxDuplicateShare &&
      b.words >= (b.method === 'screen-reader-only' || b.method === 'aria-hidden' ? o.partialHidingWords : o.minBlockWords),
  );
}

export const hiddenText: Check<HiddenTextOptions> = {
  id: 'hidden-text',
  title: 'No text hidden from readers',
  failureTitle: 'Text is hidden from readers but present for machines',
  description:
    'Text that readers cannot see but crawlers read (display:none, off-screen, zero-size or same-colour text, aria-hidden prose) shows machines something readers never check. Search engines list hidden text as spam, and answer engines discount or flag pages that use it. This check can only cost points, never add them.',
  learnMore: 'https://developers.google.com/search/docs/essentials/spam-policies#hidden-text-and-links',
  category: 'Content',
  priority: 'High',
  suggestion: 'Show the text to readers or remove it. Keep hidden only what a control reveals (menus, tabs, accordions, dialogs) and short screen-reader labels.',
  defaultOptions: { minBlockWords: 8, minWords: 20, maxDuplicateShare: 0.8, partialHidingWords: 80 },
  run(model, _site, o) {
    const found = manipulativeHiddenText(model.hiddenText, o);
    const total = found.reduce((n, b) => n + b.words, 0);
    const explained = model.hiddenText.filter((b) => b.legitimate !== null || b.duplicateShare >= o.maxDuplicateShare).length;
    if (total < o.minWords) {
      return pass(
        explained > 0
          ? `No text is hidden from readers for machines only: the ${counted(explained, 'hidden block is', 'hidden blocks are')} interface (menus, dialogs, tabs...) or a copy of visible text.`
          : 'No text is hidden from readers for machines only.',
      );
    }
    const methods = joinAnd([...new Set(found.map((b) => METHOD_NAMES[b.method]))]);
    return scored(0, `${counted(total, 'word is', 'words are')} in the HTML for machines but hidden from readers (${methods}), in ${counted(found.length, 'block', 'blocks')} that no menu, tab, dialog or other control shows. Search engines' spam policies treat hidden text as manipulation, and answer engines discount or flag pages that show machines something other than what readers see.`, {
      title: found.length === 1 ? 'A block of text is hidden from readers' : `${found.length} blocks of text are hidden from readers`,
      details: details(found, (b) => detail(`"${b.excerpt}"`, `${b.how}, ${b.element}, ${counted(b.words, 'word', 'words')}`)),
    });
  },
};
