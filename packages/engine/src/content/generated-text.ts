import type { PageModel } from '../model/types';
import { splitSentences, countWords } from '../text/words';
import { isBylineOrCaption, withoutByline } from '../tools/prose';

/**
 * How a text taken from a page is cleaned before the generator offers it (issue #32): it never
 * opens with the byline, a date or the navigation, and a list the page wrote as a list stays a
 * list instead of running its items together ("A dripper A paper filter A gooseneck kettle").
 */

/** The page's navigation as one line of link texts ("Shop Brew guides Café About"). */
function navigationRuns(model: PageModel): string[] {
  const texts = model.links.filter((l) => !l.inMain && l.text).map((l) => l.text.trim());
  return texts.length >= 2 ? [texts.join(' ')] : [];
}

/** The text from its first sentence that is prose: bylines, datelines, captions and a navigation run cut from its start. */
export function withoutFurniture(text: string, model: PageModel | undefined): string {
  let rest = text.trim();
  for (const nav of model ? navigationRuns(model) : []) if (rest.startsWith(nav)) rest = rest.slice(nav.length).trim();
  const sentences = splitSentences(rest).map((s) => withoutByline(s, model?.author ?? null));
  const start = sentences.findIndex((s) => countWords(s) > 0 && !isBylineOrCaption(s, model?.author ?? null));
  return start < 0 ? '' : sentences.slice(start).join(' ');
}

/**
 * The text with every run of a page list's items (two or more, as passages join them: with a
 * space) written as that list again, one item a line, numbered when the page numbers it. A run
 * from the middle of a numbered list keeps the page's numbers, so step 4 is never shown as step 1.
 */
export function keepLists(text: string, model: PageModel | undefined): string {
  if (!model) return text;
  let out = text;
  for (const list of model.lists) {
    const items = list.items;
    for (let from = 0; from < items.length - 1; from++) {
      let to = items.length;
      // The longest run starting at `from` that the text holds, as the passage joined it.
      while (to - from >= 2 && !out.includes(items.slice(from, to).join(' '))) to--;
      if (to - from < 2) continue;
      const run = items.slice(from, to).join(' ');
      const lines = items.slice(from, to).map((item, i) => `${list.ordered ? `${from + i + 1}.` : '-'} ${item}`);
      const at = out.indexOf(run);
      const before = out.slice(0, at).trimEnd();
      const after = out.slice(at + run.length).trimStart();
      out = `${before}${before ? '\n' : ''}${lines.join('\n')}${after ? `\n${after}` : ''}`;
      from = to - 1;
    }
  }
  return out;
}
