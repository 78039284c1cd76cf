import { buildPageModel } from './model/build-page-model';

export interface ExtractedMetadata {
  title: string | null;
  author: string | null;
  lang: string | null;
  publishedTime: string | null;
  modifiedTime: string | null;
}

/** The identifying metadata of an HTML page, from the same page model the audit uses. */
export function extractMetadata(html: string, url: string | null = null): ExtractedMetadata {
  const model = buildPageModel({ body: html, format: 'html', url });
  return {
    title: model.articleTitle,
    author: model.author,
    lang: model.lang,
    publishedTime: model.dates.publishedAt,
    modifiedTime: model.dates.modifiedAt,
  };
}
