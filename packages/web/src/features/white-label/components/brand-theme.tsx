import { BRAND_SCOPE_CLASS } from '@citable/contract';
import { useEffect, type ReactNode } from 'react';
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

/** The agency's company name for the dashboard header, when set. */
export function BrandCompanyName() {
  const { data } = useWhiteLabel();
  const name = data?.settings.company_name;
  if (!name) return null;
  return (
    <span className="max-w-48 truncate border-l border-slate-200 pl-3 text-sm font-semibold text-slate-800" data-testid="brand-company-name">
      {name}
    </span>
  );
}
