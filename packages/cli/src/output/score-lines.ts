import { SUBSCORE_IDS, SUBSCORE_LABELS, type Subscores } from '@citable/contract';
import type { Colours } from './colour';

const LABEL_WIDTH = Math.max('Overall'.length, ...SUBSCORE_IDS.map((id) => SUBSCORE_LABELS[id].length)) + 2;

/** The overall score and the four subscores, one per line, coloured by band. */
export function scoreLines(overall: number, subscores: Subscores, c: Colours): string[] {
  const row = (label: string, score: number, strong: boolean) =>
    `  ${(strong ? c.bold : String)(label.padEnd(LABEL_WIDTH))}${c.score(score, String(score).padStart(3))}${strong ? ' / 100' : ''}`;
  return [row('Overall', overall, true), ...SUBSCORE_IDS.map((id) => row(SUBSCORE_LABELS[id], subscores[id], false))];
}
