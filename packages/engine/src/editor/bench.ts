import { analyzeEditorContent } from './analyze-content';

export interface EditorBenchResult {
  words: number;
  rounds: number;
  medianMs: number;
  p95Ms: number;
}

// A 2,000-word article built from varied prose: headings, long and short sentences, claims and
// lead-ins, so every suggestion rule does real work. Fixed text, so runs compare.
const SECTION = [
  '## Benefits of solar panels',
  'Solar panels convert sunlight into electricity for homes and businesses, and they lower the bills that households pay each month for the power they use at night and during the day.',
  'It is widely believed that solar power is the best choice for every home. Installers say the panels are very reliable; the inverter is usually replaced once during the life of the system.',
  'The panels were tested by an independent laboratory in 2023, and 92% of them kept their rated output after ten years of use in hot climates.',
  '## How to choose an installer',
  'Ask each installer for references, a written quote and the warranty terms. Compare the price per watt rather than the total, because systems differ in size.',
].join('\n\n');

function article(words: number): string {
  const parts = ['# A guide to home solar power', 'In this guide we explain how home solar power works. Solar panels turn sunlight into electricity that your home uses first and exports when there is a surplus.'];
  let count = 0;
  let n = 1;
  while (count < words) {
    const section = SECTION.replace('## Benefits of solar panels', `## Benefits of solar panels, part ${n}`);
    parts.push(section);
    count += section.split(/\s+/).length;
    n++;
  }
  return parts.join('\n\n');
}

/** The Content Editor's analysis of a 2,000-word article: the target is under 50 ms per run. */
export function benchEditor(rounds = 30): EditorBenchResult {
  const text = article(2000);
  const input = { content: text, keywords: ['solar panels', 'installer'], contentType: 'article' as const };
  analyzeEditorContent(input);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    analyzeEditorContent(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  return { words: text.split(/\s+/).length, rounds, medianMs: at(0.5), p95Ms: at(0.95) };
}

export { article as benchArticle };
