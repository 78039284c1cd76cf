import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';

export interface RenderedContentOptions {
  /** Visible text characters below which the HTML is an empty shell. */
  minTextChars: number;
  /** Main-content words below which the page is thin even if the shell has some text. */
  minMainWords: number;
}

export const renderedContent: Check<RenderedContentOptions> = {
  id: 'rendered-content',
  title: 'Content is in the HTML without JavaScript',
  failureTitle: 'The HTML carries little content',
  description:
    'Most AI crawlers (GPTBot, ClaudeBot, PerplexityBot) do not execute JavaScript. A client-rendered page arrives as an empty application shell, so the crawler sees no content to index or cite.',
  learnMore: 'https://vercel.com/blog/the-rise-of-the-ai-crawler',
  category: 'Technical SEO',
  priority: 'High',
  suggestion: 'Render the content on the server (server-side rendering or static pre-rendering) so that the HTML response already contains the text.',
  defaultOptions: { minTextChars: 250, minMainWords: 50 },
  run(model, _site, options) {
    if (model.format !== 'html') return notApplicable('Pasted Markdown or text has no JavaScript rendering step.');
    const shell = model.appShell;
    const details = [
      detail('Visible text characters', shell.bodyTextLength),
      detail('Script elements', shell.scriptCount),
      ...(shell.emptyMountPoint ? [detail('Application mount point', shell.emptyMountPoint)] : []),
      ...(shell.noscriptText ? [detail('noscript message', shell.noscriptText)] : []),
    ];
    if (shell.bodyTextLength < options.minTextChars && (shell.scriptCount > 0 || shell.emptyMountPoint)) {
      return scored(0, `The HTML holds only ${shell.bodyTextLength} characters of text and ${shell.scriptCount} script(s): an app shell that crawlers without JavaScript see as empty.`, { title: 'Content only appears after JavaScript runs', details });
    }
    if (shell.bodyTextLength < options.minTextChars) {
      return scored(0.4, `The HTML holds only ${shell.bodyTextLength} characters of visible text.`, {
        title: `Page has only ${shell.bodyTextLength} characters of text`,
        details,
        priority: 'Medium',
        suggestion: 'Add substantive text content to the page.',
      });
    }
    if (model.wordCount < options.minMainWords && shell.scriptCount > 0 && shell.emptyMountPoint) {
      return scored(0.5, `Only ${model.wordCount} words of main content are in the HTML; the rest appears to depend on JavaScript.`, { title: 'Most content appears only after JavaScript runs', details, priority: 'Medium' });
    }
    return pass(`The HTML carries ${shell.bodyTextLength} characters of visible text.`);
  },
};
