import type { CitationTrackerResult } from '@citable/contract';
import { noVoiceText, percent } from '../lib/format';
import { Panel } from './panel';

/** The user against the competitors named in the same answers and results. */
export function ShareOfVoice({ entries }: { entries: CitationTrackerResult['shareOfVoice'] }) {
  const named = entries.some((entry) => entry.mentions > 0);
  return (
    <Panel title="Share of voice" testId="citation-share-of-voice">
      {!named ? (
        <p className="text-sm text-slate-600">{noVoiceText(entries)}</p>
      ) : (
        <ul className="space-y-2">
          {entries.map((entry) => (
            <li key={entry.name} className="text-sm">
              {/* On a phone the counts go under the name rather than squeezing it. */}
              <div className="flex flex-wrap justify-between gap-x-3">
                <span className={entry.isUser ? 'font-semibold text-slate-900' : 'text-slate-700'}>{entry.isUser ? `${entry.name} (you)` : entry.name}</span>
                <span className="text-slate-600">
                  {percent(entry.share)} · mentioned in {entry.mentions}
                  {entry.cited !== undefined ? ` · cited in ${entry.cited}` : ''}
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100">
                <div className={`h-2 rounded-full ${entry.isUser ? 'bg-primary-600' : 'bg-slate-400'}`} style={{ width: percent(entry.share) }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
