export interface FooterLink {
  label: string;
  to: string;
}

/** Every public page the footer links to. Only pages that exist are listed. */
export const FOOTER_LINKS: FooterLink[] = [
  { label: 'Features', to: '/features' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Integrations', to: '/integrations' },
  { label: 'Documentation', to: '/documentation' },
  { label: 'API Reference', to: '/docs/api-reference' },
  { label: 'Help Centre', to: '/help-center' },
  { label: 'Contact Us', to: '/contact-us' },
  { label: 'System Status', to: '/status' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
];
