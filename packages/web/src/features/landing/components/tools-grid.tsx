import { LANDING_TOOLS } from '@citable/contract';
import { Bot, Braces, FileText, Gauge, MessageCircle, Mic, Network, Quote, ScanSearch, Sparkles, Swords, WandSparkles, type LucideIcon } from 'lucide-react';

/** Icons in LANDING_TOOLS order. */
const ICONS: LucideIcon[] = [Gauge, ScanSearch, Braces, Quote, Mic, FileText, Network, Sparkles, WandSparkles, MessageCircle, Swords, Bot];

export function ToolsGrid() {
  return (
    <section id="features" aria-labelledby="features-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">Features</p>
          <h2 id="features-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Twelve tools for being understood and cited
          </h2>
          <p className="mt-4 text-lg text-slate-600">Everything you need to see your site the way answer engines do, and to change what they say about you.</p>
        </div>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {LANDING_TOOLS.map((tool, index) => {
            const Icon = ICONS[index] ?? Sparkles;
            return (
              <li key={tool.name} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary-100 text-primary-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{tool.name}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{tool.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
