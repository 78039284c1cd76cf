/** The robots.txt product token Citable's crawler obeys. */
export const CITABLE_BOT_TOKEN = 'CitableBot';

export const CITABLE_BOT_VERSION = '0.1';

/** Identifies the crawler and links to the page that explains it, as site owners expect. */
export const CITABLE_BOT_USER_AGENT = `Mozilla/5.0 (compatible; ${CITABLE_BOT_TOKEN}/${CITABLE_BOT_VERSION}; +https://citable.app/bot)`;

/** What an ordinary visitor's browser sends: the baseline AI crawler probes are compared with. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
