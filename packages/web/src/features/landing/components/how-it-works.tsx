import { HOW_IT_WORKS } from '../data/how-it-works';

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-secondary-700 uppercase">How it works</p>
          <h2 id="how-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Analyze, optimize, track
          </h2>
        </div>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span aria-hidden="true" className="inline-flex size-10 items-center justify-center rounded-full bg-secondary-700 text-lg font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 leading-7 text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
