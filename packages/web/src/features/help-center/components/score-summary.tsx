import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { AUDIT_CHECK_COUNT, SUBSCORE_WEIGHTS } from '../../landing/data/product-facts';

/** The score in one table: what each subscore asks and how much it weighs. */
export function ScoreSummary() {
  return (
    <section aria-labelledby="help-score" className="mt-12">
      <h2 id="help-score" className="text-2xl font-bold text-slate-900">
        What does the AI Visibility Score measure?
      </h2>
      <p className="mt-3 max-w-3xl leading-7 text-slate-600">
        The score runs from 0 to 100 and estimates how well AI assistants can read, retrieve and quote a page. It combines {AUDIT_CHECK_COUNT} checks in{' '}
        {SUBSCORE_WEIGHTS.length} weighted subscores. A check below 0.9 becomes an issue with a fix, and issues are ordered by the points they cost.
      </p>
      <ScrollRegion label="Subscores and weights" className="mt-6 rounded-2xl ring-1 ring-slate-200">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <caption className="sr-only">The four subscores of the AI Visibility Score and their weights</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Subscore</th>
              <th scope="col" className="px-4 py-3 font-semibold">Weight</th>
              <th scope="col" className="px-4 py-3 font-semibold">The question it answers</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-700">
            {SUBSCORE_WEIGHTS.map((subscore) => (
              <tr key={subscore.name}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {subscore.name}
                </th>
                <td className="px-4 py-3">{subscore.weight}%</td>
                <td className="px-4 py-3">{subscore.question}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="mt-4 text-sm text-slate-600">
        Read{' '}
        <Link to="/help-center/how-the-score-works" className="font-medium text-primary-700 hover:underline">
          How the AI Visibility Score works
        </Link>{' '}
        for every check, or the{' '}
        <Link to="/docs/core-concepts" className="font-medium text-primary-700 hover:underline">
          core concepts
        </Link>{' '}
        in the documentation.
      </p>
    </section>
  );
}
