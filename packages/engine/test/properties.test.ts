import { describe, expect, it } from 'vitest';
import type { AuditResult } from '@citable/contract';
import { auditContent } from '../src/audit';

const PROSE = [
  'Home solar panels turn sunlight into electricity that the house can use straight away or store in a battery for the evening.',
  'Most systems sit on the roof, face the sun for most of the day and need little care once they are installed by a qualified team.',
  'The price depends on the size of the system, the shape of the roof and the rules of the local utility company for selling power back.',
  'Many owners find that the panels pay for themselves after some years, and the savings continue for as long as the panels keep working.',
  'Before buying, it helps to compare offers from several installers and to ask how the warranty works if a panel stops producing power.',
  'Cleaning is rarely needed because rain washes away most dust, although homes near farms or busy roads may need a wash now and then.',
  'An inverter converts the direct current from the panels into the alternating current used by lights, fridges and other appliances.',
  'Some households add a battery so that they can use their own power at night instead of buying it from the grid when prices are high.',
];

function page(extraHead = '', extraBody = '', { shell = false }: { shell?: boolean } = {}): string {
  const content = `<h1>Home solar panels</h1>${PROSE.map((p) => `<p>${p}</p>`).join('')}${extraBody}`;
  const body = shell ? '<div id="root"></div><script src="/assets/app.js"></script>' : `<main><article>${content}</article></main><script src="/assets/app.js"></script>`;
  return `<!doctype html><html lang="en"><head><title>Home solar panels explained</title>
<meta name="description" content="How home solar panels work, what affects their price and how owners look after them, in plain language.">${extraHead}</head><body>${body}</body></html>`;
}

const audit = (html: string): AuditResult => auditContent(html, { format: 'html', url: 'https://example.com/solar' }, { now: '2025-07-01' });
const base = audit(page());

describe('scoring properties', () => {
  it('adding statistics raises Citation Likelihood', () => {
    const r = audit(page('', '<p>A 6 kW system costs about $12,000, and prices fell 42% between 2014 and 2024.</p><p>Owners save around $1,100 per year, and 3 in 4 systems pay back within 8 years.</p>'));
    expect(r.subscores.citationLikelihood).toBeGreaterThan(base.subscores.citationLikelihood);
  });

  it('adding quotations raises Citation Likelihood', () => {
    const r = audit(page('', '<blockquote><p>"Solar is now the cheapest electricity in history," said Fatih Birol, head of the International Energy Agency.</p></blockquote><p>"Most roofs in the sunbelt are suitable for panels," explained Dr. Maria Lopez, an engineer at the Solar Institute.</p>'));
    expect(r.subscores.citationLikelihood).toBeGreaterThan(base.subscores.citationLikelihood);
  });

  it('adding cited sources raises Citation Likelihood', () => {
    const r = audit(page('', '<p>The <a href="https://www.nrel.gov/solar/">National Renewable Energy Laboratory</a> and the <a href="https://www.iea.org/reports/solar-pv">International Energy Agency</a> publish the underlying research.</p>'));
    expect(r.subscores.citationLikelihood).toBeGreaterThan(base.subscores.citationLikelihood);
  });

  it('adding question headings with short answers raises Conversational Readiness', () => {
    const qa = [
      ['How long do solar panels last?', 'Most solar panels last 25 to 30 years. Their output drops slowly, by about half a percent each year, so a panel still makes most of its power after two decades.'],
      ['Do solar panels work on cloudy days?', 'Yes. Solar panels still make power on cloudy days, but less of it. Thick cloud can cut output to a quarter of what the same panels make in full sun.'],
      ['What size system does a house need?', 'A typical house needs a system of 4 to 8 kilowatts. The right size depends on how much electricity the household uses and how much roof space faces the sun.'],
    ];
    const r = audit(page('', qa.map(([q, a]) => `<h2>${q}</h2><p>${a}</p>`).join('')));
    expect(r.subscores.conversationalReadiness).toBeGreaterThan(base.subscores.conversationalReadiness);
  });

  it('adding valid FAQPage markup raises AI Understanding', () => {
    const faq = { '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'How long do solar panels last?', acceptedAnswer: { '@type': 'Answer', text: 'Most last 25 to 30 years.' } }] };
    const r = audit(page(`<script type="application/ld+json">${JSON.stringify(faq)}</script>`));
    expect(r.subscores.aiUnderstanding).toBeGreaterThan(base.subscores.aiUnderstanding);
  });

  it('adding valid Organization markup raises AI Understanding', () => {
    const org = { '@context': 'https://schema.org', '@type': 'Organization', name: 'Example Solar', url: 'https://example.com', logo: 'https://example.com/logo.png', sameAs: ['https://www.linkedin.com/company/example'], description: 'Solar installers', email: 'hello@example.com' };
    const r = audit(page(`<script type="application/ld+json">${JSON.stringify(org)}</script>`));
    expect(r.subscores.aiUnderstanding).toBeGreaterThan(base.subscores.aiUnderstanding);
  });

  it('repeating a keyword many times raises no subscore', () => {
    const stuffed = [
      '<p>Solar panels solar panels best solar panels cheap solar panels solar panels deals solar panels near me solar panels.</p>',
      `<p>${'Solar panels are great. Buy solar panels. '.repeat(10)}</p>`,
      `<h2>Solar panels solar panels</h2><p>${'solar '.repeat(40)}</p>`,
    ].join('');
    const r = audit(page('<meta name="keywords" content="solar, solar panels, solar">', stuffed));
    for (const key of Object.keys(base.subscores) as (keyof AuditResult['subscores'])[]) {
      expect(r.subscores[key], key).toBeLessThanOrEqual(base.subscores[key]);
    }
    expect(r.overallScore).toBeLessThan(base.overallScore);
  });

  it('an empty JavaScript shell scores far lower than the same content rendered', () => {
    const shell = audit(page('', '', { shell: true }));
    expect(shell.overallScore).toBeLessThanOrEqual(base.overallScore - 25);
    expect(shell.subscores.aiUnderstanding).toBeLessThan(base.subscores.aiUnderstanding);
    expect(shell.checks.find((c) => c.id === 'rendered-content')).toMatchObject({ score: 0, priority: 'High' });
  });

  it('gives the same result for the same input', () => {
    expect(audit(page())).toEqual(base);
  });
});
