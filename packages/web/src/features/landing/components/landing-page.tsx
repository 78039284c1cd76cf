import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { GenieLauncher } from '../../genie';
import { PAGE_META } from '../seo/page-meta';
import { AtAGlance } from './at-a-glance';
import { EvidenceSection } from './evidence-section';
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
  const { hash, pathname, key } = useLocation();
  useDocumentTitle((PAGE_META[pathname] ?? PAGE_META['/']).title);

  const firstRender = useRef(true);

  // `key` changes on every navigation, so following a link to the page already shown scrolls again.
  useEffect(() => {
    const initial = firstRender.current;
    firstRender.current = false;
    const target = section ?? (hash ? hash.slice(1) : null);
    // Instant, not smooth: arriving on /pricing should land on the section, not animate towards it.
    if (target) {
      document.getElementById(target)?.scrollIntoView({ block: 'start', behavior: 'instant' });
      return;
    }
    // On the first render the browser's own scroll restoration (reload, back) is left alone.
    if (!initial) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [section, hash, pathname, key]);

  return (
    <div className="min-h-dvh bg-white">
      <SiteHeader />
      <main id="main">
        <Hero />
        <AtAGlance />
        <ToolsGrid />
        <HowItWorks />
        <EvidenceSection />
        <PricingSection />
        <FaqSection />
      </main>
      <SiteFooter />
      <GenieLauncher context="landing" />
    </div>
  );
}
