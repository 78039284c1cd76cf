import { ArrowRight, LayoutDashboard } from 'lucide-react';
import { buttonClasses, Button } from '../../../components/ui/button';
import { useDashboardEntry } from '../../../hooks/use-dashboard-entry';
import { useSession } from '../../../hooks/use-session';

const SUBSCORES = ['AI Understanding', 'Citation Likelihood', 'Conversational Readiness', 'Content Structure Quality'];

export function Hero() {
  const { data: user } = useSession();
  const enterDashboard = useDashboardEntry();

  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-primary-50 via-white to-white">
      <div aria-hidden="true" className="pointer-events-none absolute -top-32 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-primary-200/40 blur-3xl" />
      <div className="relative mx-auto max-w-6xl px-4 pt-20 pb-20 text-center sm:px-6 sm:pt-28">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-primary-200 bg-white px-3 py-1 text-sm font-medium text-primary-800">
          <span aria-hidden="true" className="size-2 rounded-full bg-secondary-500" />
          For chat assistants, AI search and voice assistants
        </p>
        <h1 id="hero-title" className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
          AI Visibility Starts Here
        </h1>
        <p id="hero-summary" className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 sm:text-xl">
          Citable measures how well AI systems understand, retrieve and cite your website, tells you exactly what to fix, and tracks your progress against your competitors.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {user ? (
            <Button size="lg" onClick={enterDashboard}>
              <LayoutDashboard aria-hidden="true" className="size-5" />
              Go to Dashboard
            </Button>
          ) : (
            <a href="#pricing" className={buttonClasses('primary', 'lg')}>
              Get Started
              <ArrowRight aria-hidden="true" className="size-5" />
            </a>
          )}
          <a href="#pricing" className={buttonClasses('outline', 'lg')}>
            See Plans
          </a>
        </div>
        <ul className="mx-auto mt-12 flex max-w-3xl flex-wrap justify-center gap-2" aria-label="The four subscores of the AI Visibility Score">
          {SUBSCORES.map((name) => (
            <li key={name} className="rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200">
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
