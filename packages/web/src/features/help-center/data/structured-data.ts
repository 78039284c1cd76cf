import { breadcrumbList, howToNode, webPageNode } from '../../landing/seo/page-structured-data';
import { HELP_FAQ } from './help-faq';
import { FIRST_AUDIT_STEPS, HELP_CENTRE_DATES } from './overview';

/** JSON-LD of /help-center: the page, its breadcrumbs, the first-audit guide and the FAQ it shows. */
export function helpCenterStructuredData(name: string, description: string) {
  return (origin: string): Record<string, unknown>[] => [
    webPageNode(origin, { path: '/help-center', type: 'CollectionPage', name, description, dates: HELP_CENTRE_DATES, speakable: ['#help-summary', '#help-overview + p'] }),
    breadcrumbList(origin, [
      { name: 'Home', path: '/' },
      { name: 'Help Centre', path: '/help-center' },
    ]),
    howToNode(origin, {
      path: '/help-center',
      anchor: 'first-audit',
      name: 'How to run your first Citable audit',
      description: 'From sign-up to the first fix: add your site and competitors, audit your most important page and fix the issues that cost the most points.',
      steps: FIRST_AUDIT_STEPS.map((step) => ({ name: step.name, text: step.text })),
    }),
    {
      '@type': 'FAQPage',
      '@id': `${origin}/help-center#faq`,
      url: `${origin}/help-center`,
      isPartOf: { '@id': `${origin}/#website` },
      mainEntity: HELP_FAQ.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
    },
  ];
}
