import { STORAGE_KEYS } from '../../../lib/storage';
import type { LegalDocument } from './legal-types';

export interface CookieRow {
  name: string;
  purpose: string;
  type: string;
  duration: string;
}

/**
 * The cookies Citable really sets: better-auth's session cookie, named with the prefix configured
 * in packages/server/src/auth/create-auth.ts. The product sets no other cookie.
 */
export const COOKIES: readonly CookieRow[] = [
  {
    name: '__Host-citable.session_token',
    purpose: 'Keeps you signed in. HTTP-only, Secure, SameSite=Lax; set only when you sign in.',
    type: 'Strictly necessary',
    duration: '30 days from sign-in, or until you sign out',
  },
];

/** Development installations (not served over HTTPS) cannot use the __Host- prefix. */
export const DEVELOPMENT_COOKIE_NAME = 'citable.session_token';

/** Listed from the app's own key registry, so the policy names exactly what the app stores. */
export const LOCAL_STORAGE_KEYS: readonly string[] = Object.values(STORAGE_KEYS);

export const COOKIE_POLICY: LegalDocument = {
  title: 'Cookie Policy',
  intro: 'This page lists every cookie Citable sets and why. The short version: one cookie, to keep you signed in.',
  sections: [
    {
      id: 'what-are-cookies',
      title: '1. What cookies are',
      blocks: ['Cookies are small text files a website stores in your browser. They can be strictly necessary (the site cannot work without them), or used for preferences, analytics or advertising.'],
    },
    {
      id: 'cookie-types',
      title: '2. The types of cookies we use',
      blocks: [
        'Citable uses strictly necessary cookies only. We set no analytics, advertising or tracking cookies, and we do not let third parties set cookies through our pages. The public pages set no cookie at all until you sign in.',
      ],
    },
    {
      id: 'cookie-list',
      title: '3. The cookies we set',
      blocks: [`The complete list is below. On installations served without HTTPS (for example a developer's own computer) the cookie is named ${DEVELOPMENT_COOKIE_NAME}, because the __Host- prefix requires HTTPS.`],
    },
    {
      id: 'local-storage',
      title: '4. Local storage',
      blocks: [
        'Besides the cookie, the app keeps a few small values in your browser\'s local storage so it remembers your choices between pages. They never leave your browser, are not cookies and are cleared when you sign out:',
        { list: LOCAL_STORAGE_KEYS },
        'They hold the plan and billing cycle you picked on the pricing page, whether the first-time walkthrough is due, and the e-mail address you last signed in with, so the sign-in form can be filled in for you.',
      ],
    },
    {
      id: 'your-choices',
      title: '5. How to control cookies',
      blocks: [
        'You can block or delete cookies in your browser settings. If you block the session cookie you can still read our public pages, but you will not be able to sign in. Signing out deletes the session cookie and the local storage values listed above.',
      ],
    },
    {
      id: 'do-not-track',
      title: '6. Do Not Track',
      blocks: ['Some browsers send a "Do Not Track" signal. There is no agreed standard for responding to it, so Citable does not respond to Do Not Track signals. Because we do not track you across sites, nothing would change if we did.'],
    },
    {
      id: 'changes',
      title: '7. Changes and contact',
      blocks: ['If we ever add a cookie, we will list it here and update the date at the top of this page. Questions: use our Contact Us page.'],
    },
  ],
};
