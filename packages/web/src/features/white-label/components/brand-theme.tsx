import { BRAND_SCOPE_CLASS } from '@citable/contract';
import { useEffect, type ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { useWhiteLabel } from '../hooks/use-white-label';
import { brandStyle } from '../lib/brand-style';

/** Points the page's favicon at the agency's while the dashboard is shown, and restores it after. */
function useFavicon(href: string | null | undefined) {
  useEffect(() => {
    if (!href) return;
    const existing = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    const link = existing ?? document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'icon' }));
    const previous = link.getAttribute('href');
    link.href = href;
    return () => {
      if (!existing) link.remove();
      else if (previous !== null) link.setAttribute('href', previous);
    };
  }, [href]);
}

/**
 * The dashboard root with the agency's white-label theme applied: colour variables on this element,
 * the (server-sanitised, `.citable-brand`-scoped) custom CSS, and the favicon. Other plans get the
 * product theme, because the server answers them with empty settings.
 */
export function BrandTheme({ children, className }: { children: ReactNode; className?: string }) {
  const { data } = useWhiteLabel();
  const settings = data?.settings;
  useFavicon(settings?.favicon_url);
  return (
    <div className={`${BRAND_SCOPE_CLASS} ${className ?? ''}`} style={brandStyle(settings)} data-testid="brand-root">
      {settings?.custom_css ? <style data-testid="brand-css">{settings.custom_css}</style> : null}
      {children}
    </div>
  );
}

/**
 * The name at the top left of the dashboard: the agency's company name when its white-label sets
 * one, in its primary colour, instead of the Citable logo (issue 33: a client sees one brand, the
 * agency's); the Citable logo otherwise, its word hidden on phones, where the header has no room
 * (`full`: shown whatever the width, as in the phone's menu).
 */
export function BrandMark({ full = false }: { full?: boolean }) {
  const { data } = useWhiteLabel();
  const name = data?.settings.company_name;
  if (!name && full) return <Logo />;
  if (!name) {
    return (
      <>
        <span className="shrink-0 md:hidden">
          <Logo markOnly />
        </span>
        <span className="hidden shrink-0 md:block">
          <Logo />
        </span>
      </>
    );
  }
  return (
    <span className="block max-w-28 min-w-0 shrink truncate text-lg font-bold tracking-tight text-primary-700 md:max-w-48" data-testid="brand-company-name" title={name}>
      {name}
    </span>
  );
}
