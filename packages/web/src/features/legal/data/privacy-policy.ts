import { SUPPORT_EMAIL } from '@citable/contract';
import type { LegalDocument } from './legal-types';

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  intro:
    'This policy explains, in plain language, what Citable collects when you use the website and the product, why, who else sees it, and what you can ask us to do with it.',
  sections: [
    {
      id: 'information-we-collect',
      title: '1. Information we collect',
      blocks: [
        'We collect only what the product needs to work:',
        {
          list: [
            'Account details: your e-mail address, your name and a hash of your password (we never store the password itself).',
            'What you tell us about your business: the websites and competitor websites you add, your industry, a short business description and the goals you pick during onboarding.',
            'Audit results: the scores, checks and recommendations Citable computes for the pages you audit, kept so you can see your history and trends.',
            'Public page content: to audit a page, Citable fetches it like a search engine does and analyses its text, headings and structured data. We only fetch addresses you or your audits point us to, and we respect robots.txt.',
            'Activity: which tools you ran and when, so the dashboard can show your history.',
            'Billing details: if you subscribe, our payment provider collects your card details; we receive only your customer and subscription identifiers, your plan and the subscription status.',
            'Messages you send us through the contact form: your name, e-mail address, optional company and website, the subject and the message.',
            'Technical data: your IP address is used briefly to limit repeated sign-in attempts and contact messages; those counters are deleted within a day. Our servers keep standard request logs for security and troubleshooting.',
          ],
        },
        'We do not use analytics or advertising trackers, and we do not buy data about you from anyone.',
      ],
    },
    {
      id: 'how-we-use-information',
      title: '2. How we use information',
      blocks: [
        {
          list: [
            'To provide the service: run audits, generate recommendations, compare you with the competitors you chose and show your progress.',
            'To run your account: sign-in, e-mail verification, password resets and security notices.',
            'To bill you for a paid plan and apply its limits.',
            'To answer your messages and support requests.',
            'To keep the service secure and reliable, for example by limiting abusive traffic.',
          ],
        },
        'We do not sell your information, and we do not use your content to train AI models.',
      ],
    },
    {
      id: 'sharing',
      title: '3. Sharing and sub-processors',
      blocks: [
        'We share information only with the services that help us run Citable, and only what each one needs:',
        {
          list: [
            'Lemon Squeezy, our payment provider and merchant of record, which processes subscriptions, payments, invoices and sales tax.',
            'Our e-mail delivery provider, which sends account, security and support e-mails on our behalf.',
            'An AI model provider, only when the operator of this installation has configured one: the text of the pages being analysed and your prompts are then sent to it to produce AI-assisted results. Without one, all analysis runs inside Citable.',
          ],
        },
        'We may also disclose information when the law requires it, or to protect our users and the service from fraud or abuse. If Citable is sold or merged, this policy continues to apply to your information.',
      ],
    },
    {
      id: 'security',
      title: '4. Security',
      blocks: [
        'Passwords are hashed with Argon2id. Sessions use secure, HTTP-only cookies and end 30 days after sign-in. Traffic is encrypted in transit with HTTPS, access to production systems is restricted, and sign-in attempts are rate-limited. No system is perfectly secure; if we learn of a breach that affects you, we will tell you promptly.',
      ],
    },
    {
      id: 'retention',
      title: '5. Data retention',
      blocks: [
        'We keep your account, sites, audit results and activity for as long as your account exists, so your history and trends stay available. When your account is deleted, everything linked to it is deleted with it. Contact messages are kept until we have dealt with them and the follow-up is complete. Rate-limit counters are deleted within a day. Billing records are kept by Lemon Squeezy for as long as tax law requires.',
      ],
    },
    {
      id: 'your-rights',
      title: '6. Your rights',
      blocks: [
        'Wherever you live, you can ask us to:',
        {
          list: [
            'show you the information we hold about you, or send you a copy;',
            'correct it (your websites, competitors and goals can also be edited in Settings at any time);',
            'delete your account and its data;',
            'stop processing your information for a particular purpose.',
          ],
        },
        `Write to ${SUPPORT_EMAIL} and we will answer within 30 days. You may also complain to your local data protection authority.`,
      ],
    },
    {
      id: 'international-transfers',
      title: '7. International transfers',
      blocks: [
        'Citable and its providers may process information in the United States and other countries whose data protection laws differ from yours. Where the law requires it, we rely on safeguards such as the European Commission\'s Standard Contractual Clauses for those transfers.',
      ],
    },
    {
      id: 'children',
      title: "8. Children's privacy",
      blocks: ['Citable is a business tool and is not directed at children under 16. We do not knowingly collect information from them; if you believe a child has given us information, tell us and we will delete it.'],
    },
    {
      id: 'changes',
      title: '9. Changes to this policy',
      blocks: ['When we change this policy we update the date at the top of this page. If a change materially affects how we use your information, we will tell you by e-mail or in the product before it takes effect.'],
    },
    {
      id: 'contact',
      title: '10. Contact us',
      blocks: [`Questions or requests about privacy: write to ${SUPPORT_EMAIL} or use the contact form on our Contact Us page.`],
    },
  ],
};
