import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App, PRERENDERED_ROUTES } from './app/app';
import { createQueryClient } from './app/query-client';
import { docsPageMeta } from './features/docs/data/docs';
import { helpArticleMeta } from './features/help-center/data/articles';
import { headTags } from './features/landing/seo/head-tags';

export { PRERENDERED_ROUTES };

/** Renders one public route to HTML, signed out, as the pre-render step needs it. */
export function render(url: string, origin: string): { html: string; head: string } {
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App queryClient={createQueryClient()} />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, head: headTags(url, origin, helpArticleMeta(url) ?? docsPageMeta(url)) };
}
