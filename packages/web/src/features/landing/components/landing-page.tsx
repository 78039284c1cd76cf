import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { PAGE_META } from '../seo/page-meta';
import { FaqSection } from './faq-section';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { PricingSection } from './pricing-section';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ToolsGrid } from './tools-grid';

export type LandingSection = 'features' | 'pricing';

interface LandingPageProps {
  /** /features and /pricing show the landing page scrolled to that section. */
  section?: LandingSection;
}

export function LandingPage({ section }: LandingPageProps) {
  const { hash, pathname } = useLocation();
  useDocumentTitle((PAGE_META[pathname] ?? PAGE_META['/']).title);

  useEffect(() => {
    const target = section ?? (hash ? hash.slice(1) : null);
    // Instant, not smooth: arriving on /pricing should land on the section, not animate towards it.
    if (!target) {
      window.scrollTo({ top: 0, behavior: 'instant' });
      return;
    }
    document.getElementById(target)?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [section, hash, pathname]);

  return (
    <div className="min-h-dvh bg-white">
      <SiteHeader />
      <main id="main">
        <Hero />
        <ToolsGrid />
        <HowItWorks />
        <PricingSection />
        <FaqSection />
      </main>
      <SiteFooter />
    </div>
  );
}
