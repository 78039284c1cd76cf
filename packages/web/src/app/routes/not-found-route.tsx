import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found | Citable');
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-primary-50 to-white px-4 text-center">
      <Link to="/" aria-label="Citable home" className="rounded-md">
        <Logo />
      </Link>
      <p className="mt-10 text-sm font-semibold tracking-wide text-primary-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 max-w-md text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to home
      </Link>
    </main>
  );
}
