import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { FOOTER_LINKS } from '../data/footer-links';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm text-slate-600">Citable measures and improves how well your website is understood, retrieved and cited by AI systems.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-sm font-medium text-slate-700 hover:text-primary-700">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-100">
        {/* The year is fixed at build time in pre-rendered pages; a visitor's clock may already be in the next one. */}
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-600 sm:px-6" suppressHydrationWarning>© {new Date().getFullYear()} Citable. All rights reserved.</p>
      </div>
    </footer>
  );
}
