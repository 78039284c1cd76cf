import { LANDING_TOOLS, PLAN_IDS, PLANS, SUPPORT_EMAIL } from '@citable/contract';
import { FAQ } from '../data/faq';

// The FAQ below is shown on the landing page's routes only; other public pages must not claim it.
const LANDING_PATHS = new Set(['/', '/pricing', '/features']);

/**
 * JSON-LD for the public pages: who publishes the site, the site itself, the product with its
 * plans as offers, and the FAQ shown on the page. Citable audits sites for exactly this markup.
 */
export function structuredData(origin: string, path: string): Record<string, unknown> {
  const organizationId = `${origin}/#organization`;
  const websiteId = `${origin}/#website`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: 'Citable',
        url: `${origin}/`,
        logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
        description: 'Citable measures and improves how well websites are understood, retrieved and cited by AI systems.',
        email: SUPPORT_EMAIL,
        contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: SUPPORT_EMAIL, url: `${origin}/contact-us`, availableLanguage: 'en' },
      },
      {
        '@type': 'WebSite',
        '@id': websiteId,
        name: 'Citable',
        url: `${origin}/`,
        inLanguage: 'en',
        publisher: { '@id': organizationId },
      },
      {
        '@type': 'SoftwareApplication',
        '@id': `${origin}/#software`,
        name: 'Citable',
        url: `${origin}/`,
        applicationCategory: 'BusinessApplication',
        applicationSubCategory: 'AI visibility and SEO',
        operatingSystem: 'Web',
        description: 'An AI-visibility platform that scores and improves how well content is understood and cited by chat assistants, AI search and voice assistants.',
        featureList: LANDING_TOOLS.map((tool) => tool.name),
        publisher: { '@id': organizationId },
        offers: PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          return {
            '@type': 'Offer',
            name: `${plan.name} plan`,
            description: plan.description,
            url: `${origin}/pricing`,
            price: plan.monthlyPrice,
            priceCurrency: 'USD',
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: plan.monthlyPrice,
              priceCurrency: 'USD',
              unitCode: 'MON',
              referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
            },
          };
        }),
      },
      LANDING_PATHS.has(path) && {
        '@type': 'FAQPage',
        '@id': `${origin}${path}#faq`,
        url: `${origin}${path}`,
        isPartOf: { '@id': websiteId },
        mainEntity: FAQ.map((entry) => ({
          '@type': 'Question',
          name: entry.question,
          acceptedAnswer: { '@type': 'Answer', text: entry.answer },
        })),
      },
    ].filter(Boolean),
  };
}
