import { SUPPORT_EMAIL } from '@citable/contract';
import type { LegalDocument } from './legal-types';

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  intro: 'These terms are the agreement between you and Citable when you use the website and the product. We have kept them as short and plain as we can.',
  sections: [
    {
      id: 'acceptance',
      title: '1. Acceptance of these terms',
      blocks: ['By creating an account or using Citable you agree to these terms and to our Privacy Policy. If you use Citable for a company or a client, you confirm that you may accept these terms on their behalf.'],
    },
    {
      id: 'services',
      title: '2. The service',
      blocks: [
        'Citable measures how well websites are understood, retrieved and cited by AI systems: it audits public pages, scores them, explains every point lost and suggests fixes, and offers tools for structured data, entities, summaries, prompts, voice answers and competitor comparison.',
        'Scores and suggestions are estimates based on analysis of your content. AI systems change and make their own choices, so we cannot promise that any AI assistant or search engine will cite your site.',
      ],
    },
    {
      id: 'account-security',
      title: '3. Your account and its security',
      blocks: ['Give accurate details, keep your password private and tell us at once if you suspect someone else has used your account. You are responsible for what happens under your account.'],
    },
    {
      id: 'subscriptions',
      title: '4. Plans, payment and cancellation',
      blocks: [
        {
          list: [
            'Paid plans are billed monthly or annually, in advance, through our payment provider Lemon Squeezy.',
            'Subscriptions renew automatically at the end of each billing period at the then-current price, unless you cancel.',
            'You can cancel at any time; cancellation takes effect at the end of the current billing period, and you keep the paid plan until then. Payments already made are not refunded unless the law requires it.',
            'If we change prices, we will tell you in advance and the new price applies from your next renewal.',
            'Each plan has limits (such as the number of websites and competitors); the pricing page lists them.',
          ],
        },
      ],
    },
    {
      id: 'user-content',
      title: '5. Your content',
      blocks: [
        'You keep every right you have in the websites, text and other material you submit. You give Citable a limited licence to fetch, store, analyse and display that content only to provide the service to you. You confirm that you may let us analyse the sites you add.',
      ],
    },
    {
      id: 'acceptable-use',
      title: '6. Acceptable use',
      blocks: [
        'Do not use Citable to:',
        {
          list: [
            'audit or crawl sites in a way that overloads them or ignores their owners\' wishes;',
            'break the law or infringe anyone\'s rights;',
            'probe, attack or get around the limits and security of the service;',
            'resell or share access beyond what your plan allows.',
          ],
        },
      ],
    },
    {
      id: 'intellectual-property',
      title: '7. Our intellectual property',
      blocks: ['The Citable software, brand, design and documentation belong to us or our licensors. These terms give you the right to use the service, not to copy or resell it.'],
    },
    {
      id: 'termination',
      title: '8. Termination',
      blocks: ['You can stop using Citable and delete your account at any time. We may suspend or close an account that breaks these terms, after a warning where that is reasonable. When an account is closed, its data is deleted as described in the Privacy Policy.'],
    },
    {
      id: 'disclaimers',
      title: '9. Disclaimers',
      blocks: ['Citable is provided "as is" and "as available". To the extent the law allows, we disclaim all warranties, including fitness for a particular purpose, and we do not guarantee any ranking, traffic, citation or business result.'],
    },
    {
      id: 'liability',
      title: '10. Limitation of liability',
      blocks: ['To the extent the law allows, Citable is not liable for indirect, incidental or consequential losses, or for lost profits or data, and our total liability for any claim is limited to what you paid us in the 12 months before it arose.'],
    },
    {
      id: 'indemnification',
      title: '11. Indemnification',
      blocks: ['If someone makes a claim against Citable because of content you submitted or your breach of these terms, you agree to cover the reasonable costs and losses that result.'],
    },
    {
      id: 'governing-law',
      title: '12. Governing law',
      blocks: ['These terms are governed by the laws of the State of California, USA, without regard to its conflict-of-law rules. Disputes are heard by the state and federal courts located in San Francisco, California.'],
    },
    {
      id: 'changes',
      title: '13. Changes to these terms',
      blocks: ['We may update these terms and will change the date at the top of this page when we do. We will tell you in advance of material changes; continuing to use Citable after they take effect means you accept them.'],
    },
    {
      id: 'contact',
      title: '14. Contact us',
      blocks: [`Questions about these terms: write to ${SUPPORT_EMAIL} or use our Contact Us page.`],
    },
  ],
};
