import { CITATION_ALERT_RULES, CITATION_SOURCES, type TrackingRun } from '@citable/contract';
import type { AlertDraft } from '../track';

const percent = (rate: number) => `${Math.round(rate * 100)} %`;
/** Shares are rounded to 4 decimals; so is their difference, or 0.3 - 0.25 would fall short of 0.05. */
const lead = (share: number, other: number) => Math.round((share - other) * 10_000) / 10_000;
const ACTION = { actionUrl: '/dashboard/citations', actionLabel: 'Open the Citation Tracker' };

function draft(fields: Pick<AlertDraft, 'key' | 'title' | 'message' | 'severity' | 'steps' | 'data'>): AlertDraft {
  return { type: 'citation_change', confidence: 100, impact: null, timeframe: null, ...ACTION, ...fields };
}

/**
 * What changed between a tracked website's last two scheduled runs that the user should hear of
 * (issue 21): a mention lost or gained on an engine, a competitor overtaking the user's share of
 * voice, a host newly cited for the tracked prompts, an engine failing run after run. `history`
 * is the website's runs, newest first; the thresholds are CITATION_ALERT_RULES.
 */
export function citationAlerts(domain: string, history: readonly TrackingRun[]): AlertDraft[] {
  const [current, previous] = history;
  if (!current) return [];
  const drafts: AlertDraft[] = [];
  const rules = CITATION_ALERT_RULES;
  const key = (kind: string, ...parts: string[]) => ['citation', kind, domain, ...parts, current.runId].join(':');

  if (previous) {
    for (const now of current.prompts) {
      const before = previous.prompts.find((rate) => rate.sourceId === now.sourceId && rate.prompt === now.prompt);
      if (!before || before.samples === 0 || now.samples === 0) continue;
      const engine = CITATION_SOURCES[now.sourceId].name;
      if (before.rate >= rules.mentionLostFromRate && now.mentions === 0) {
        drafts.push(
          draft({
            key: key('lost', now.sourceId, now.prompt),
            title: `${engine} stopped mentioning ${domain}`,
            message: `For "${now.prompt}", ${engine} mentioned you in ${percent(before.rate)} of its answers on the previous run and in none now.`,
            severity: 'high',
            steps: ['Open the prompt’s history to see which pages the answers cite instead.', 'Run a Page Audit of the page that should answer this prompt.'],
            data: { sourceId: now.sourceId, prompt: now.prompt, previousRate: before.rate, rate: now.rate },
          }),
        );
      } else if (before.mentions === 0 && now.rate >= rules.mentionGainedToRate) {
        drafts.push(
          draft({
            key: key('gained', now.sourceId, now.prompt),
            title: `${engine} now mentions ${domain}`,
            message: `For "${now.prompt}", ${engine} mentioned you in ${percent(now.rate)} of its answers, after none on the previous run.`,
            severity: 'low',
            steps: ['Keep the cited page current: engines drop stale sources.'],
            data: { sourceId: now.sourceId, prompt: now.prompt, previousRate: before.rate, rate: now.rate },
          }),
        );
      }
    }

    const userNow = current.shareOfVoice.find((entry) => entry.isUser);
    const userBefore = previous.shareOfVoice.find((entry) => entry.isUser);
    if (userNow && userBefore) {
      for (const competitor of current.shareOfVoice.filter((entry) => !entry.isUser)) {
        const before = previous.shareOfVoice.find((entry) => !entry.isUser && entry.name === competitor.name);
        const wasAhead = before !== undefined && before.share > userBefore.share;
        if (!wasAhead && lead(competitor.share, userNow.share) >= rules.overtakeMargin) {
          drafts.push(
            draft({
              key: key('overtaken', competitor.name),
              title: `${competitor.name} overtook your share of voice`,
              message: `${competitor.name} is named in ${percent(competitor.share)} of the mentions for your tracked prompts, you in ${percent(userNow.share)}.`,
              severity: 'medium',
              steps: ['Compare the pages the answers cite for them with yours in the citation gap.'],
              data: { competitor: competitor.name, share: competitor.share, userShare: userNow.share },
            }),
          );
        }
      }
    }

    const citedBefore = new Set(previous.citedDomains.map((entry) => entry.host));
    for (const entry of current.citedDomains) {
      if (entry.own || citedBefore.has(entry.host) || entry.count < rules.newDomainMinCitations) continue;
      drafts.push(
        draft({
          key: key('new-domain', entry.host),
          title: `${entry.host} is newly cited for your prompts`,
          message: `Answers to your tracked prompts cited ${entry.host} ${entry.count} times; no answer cited it on the previous run.`,
          severity: 'low',
          steps: ['See what that page offers that yours does not.'],
          data: { host: entry.host, count: entry.count },
        }),
      );
    }
  }

  const recent = history.slice(0, rules.engineFailureRuns);
  if (recent.length === rules.engineFailureRuns) {
    for (const engine of current.engines) {
      const failed = recent.every((run) => run.engines.some((other) => other.sourceId === engine.sourceId && (other.status === 'error' || other.status === 'unreachable')));
      if (!failed) continue;
      drafts.push(
        draft({
          key: key('engine-failing', engine.sourceId),
          title: `${engine.name} has failed ${rules.engineFailureRuns} runs in a row`,
          message: `The last ${rules.engineFailureRuns} scheduled runs for ${domain} got no answer from ${engine.name}, so its figures are not current.`,
          severity: 'medium',
          steps: ['Look at the engine’s message in the latest run.', 'If it persists, tell the operator of this Citable server.'],
          data: { sourceId: engine.sourceId },
        }),
      );
    }
  }
  return drafts;
}
