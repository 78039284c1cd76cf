import { describe, expect, it } from 'vitest';
import { organizationIdentity } from './organization-identity';
import { htmlModel } from '../../test/fixtures/pages';

const org = (fields: Record<string, unknown>) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Organization', ...fields })}</script>`;
const publisher = (fields: Record<string, unknown>) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'A story', publisher: { '@type': 'Organization', ...fields } })}</script>`;
const LOGO = { url: 'https://news.example/logo.png' };
const run = (head: string, url: string | null) => organizationIdentity.run(htmlModel('<p>Text.</p>', head, { url }), null, organizationIdentity.defaultOptions, { now: null });

describe('organization-identity', () => {
  it('asks the home page for name, logo and sameAs profiles', () => {
    expect(run(org({ name: 'Acme', logo: LOGO, sameAs: ['https://en.wikipedia.org/wiki/Acme'] }), 'https://acme.example/')).toMatchObject({ applicable: true, score: 1 });
    const noProfiles = run(org({ name: 'Acme', logo: LOGO }), 'https://acme.example/');
    expect(noProfiles).toMatchObject({ applicable: true, score: 0.7 });
    expect(noProfiles.applicable && noProfiles.explanation).toBe('The organization markup lacks sameAs.');
    expect(run(org({ name: 'Acme', logo: LOGO }), 'https://acme.example/index.html')).toMatchObject({ score: 0.7 });
  });

  it('passes an article whose publisher has a name and a logo, without sameAs', () => {
    const result = run(publisher({ name: 'Daily News', logo: LOGO }), 'https://news.example/2024/05/story');
    expect(result).toMatchObject({ applicable: true, score: 1 });
    expect(result.applicable && result.explanation).toBe('The organization behind the page is named, with its logo.');
  });

  it('still charges an article for a publisher without a logo or without a name', () => {
    expect(run(publisher({ name: 'Daily News' }), 'https://news.example/story')).toMatchObject({ score: 0.571 });
    expect(run(publisher({ logo: LOGO }), 'https://news.example/story')).toMatchObject({ score: 0.429 });
    expect(run('', 'https://news.example/story')).toMatchObject({ score: 0 });
  });

  it('takes the canonical address for a saved page, and the full rule when there is none', () => {
    expect(run(`<link rel="canonical" href="https://news.example/story">${publisher({ name: 'Daily News', logo: LOGO })}`, null)).toMatchObject({ score: 1 });
    expect(run(publisher({ name: 'Daily News', logo: LOGO }), null)).toMatchObject({ score: 0.7 });
  });
});
