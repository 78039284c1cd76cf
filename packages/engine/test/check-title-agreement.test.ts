import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AuditResult, CheckOutcome } from '@citable/contract';
import { auditSnapshot } from '../src/audit';
import { CHECKS_BY_ID } from '../src/checks';
import { DEFAULT_SCORING_CONFIG } from '../src/scoring/default-config';

/**
 * Issue #30: a check's title stood over evidence that contradicted it ("Page has no FAQ section"
 * over "6 answered questions form an FAQ, but without FAQPage markup"). Every failing check on
 * every real page is held to rules a reader would apply: a title that says "no X" stands over no
 * count of X, a finding about missing markup says markup, a count in the title is the count in the
 * evidence, the missing parts listed are the parts the title names, and a failure never wears the
 * pass title.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REAL_PAGES = fileURLToPath(new URL('./corpus/', import.meta.url));
// The shared corpus sits beside the clone (`../shared` in CI); a worktree one level deeper finds it one level up.
const SHARED = [`${ROOT}../shared/corpus`, `${ROOT}../../shared/corpus`].find((dir) => existsSync(`${dir}/dates/pages`)) ?? null;

interface Page {
  name: string;
  url: string;
  html: () => string;
}

function realPages(): Page[] {
  return readdirSync(REAL_PAGES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({ name: d.name, url: `http://fakehost/${d.name}/`, html: () => readFileSync(`${REAL_PAGES}${d.name}/source.html`, 'utf8') }));
}

/** The dates corpus keeps each page's bytes; its character set is only in the page. */
function datePages(dir: string): Page[] {
  const expected = JSON.parse(readFileSync(`${dir}/dates/expected.json`, 'utf8')) as { file: string; url: string }[];
  return expected.map(({ file, url }) => ({ name: `dates/${file}`, url, html: () => decode(readFileSync(`${dir}/dates/pages/${file}`)) }));
}

function decode(bytes: Buffer): string {
  const charset = /<meta[^>]+charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

const STOP = new Set(['the', 'any', 'and', 'for', 'its', 'all', 'real', 'such', 'this', 'that', 'with', 'are', 'is', 'at']);

/** Content words after "no", "lacks" or "without" in a title: what the title says is absent. */
function negated(title: string): string[] {
  const m = /\b(?:no|lacks?|without)\s+([^(,.:;]+)/i.exec(title);
  if (!m) return [];
  return m[1]
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/s$/, ''))
    .filter((w) => w.length >= 3 && !STOP.has(w));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NEGATION = /\b(?:no|not|without|missing|lacks?)\b/i;
const MARKUP = /mark(?:ed)?[- ]?up|JSON-LD|structured data|microdata|schema/i;
/** The explanation says the thing is there but not in the markup. */
const PRESENT_BUT_UNMARKED = /\bbut (?:not marked up|without \S+ markup|the structured data does not)/i;

/** Why a failing check's title disagrees with its own evidence, or null when it agrees. */
export function disagreement(check: CheckOutcome): string | null {
  const { title, explanation, details } = check;
  const definition = CHECKS_BY_ID.get(check.id);
  if (definition && title === definition.title) return `the pass title "${title}" stands over a failure`;
  for (const word of negated(title)) {
    // A label that is itself a negative ("Tables without headers: 1") counts the absence, not the thing.
    const counted = details.find((d) => !NEGATION.test(d.label) && d.label.toLowerCase().includes(word) && d.value !== undefined && (/^[1-9][\d,.]*$/.test(d.value) || d.value === 'yes'));
    if (counted) return `"${title}" says no ${word}, but the detail "${counted.label}" is ${counted.value}`;
    // "6 answered questions form an FAQ" counts it; "5 images have no alt text" and a range's bound ("25-60 word answer") do not.
    const inText = new RegExp(`(?<![-–\\d,])\\b[1-9][\\d,]*\\s+(?:(?!(?:no|not|without|lacks?|never)\\b)[\\w'-]+\\s+){0,4}?${escape(word)}`, 'i').exec(explanation);
    if (inText) return `"${title}" says no ${word}, but the explanation counts "${inText[0]}"`;
  }
  if (PRESENT_BUT_UNMARKED.test(explanation) && !MARKUP.test(title)) return `"${title}" does not say that only the markup is missing ("${explanation}")`;
  for (const n of title.match(/(?<!(?:over|under|than|HTTP)\s)\b\d[\d,]*\b/g) ?? []) {
    const evidence = [explanation, ...details.flatMap((d) => [d.label, d.value ?? ''])].join(' ');
    if (!new RegExp(`(?<![\\d,])${escape(n)}(?![\\d,])`).test(evidence)) return `"${title}" says ${n}, which the evidence does not`;
  }
  for (const d of details) {
    const missing = /^Missing (.+)$/.exec(d.label)?.[1] ?? (d.value === 'missing' ? d.label : null);
    if (missing && !title.toLowerCase().includes(missing.toLowerCase()) && !/\bno\b/i.test(title)) return `"${title}" does not name the missing ${missing}`;
  }
  return null;
}

const failing = (result: AuditResult) => result.checks.filter((c) => c.score !== null && c.score < DEFAULT_SCORING_CONFIG.passThreshold);

function auditEach(pages: Page[]) {
  const problems: string[] = [];
  const titles = new Map<string, Set<string>>();
  for (const page of pages) {
    const result = auditSnapshot({ page: { url: page.url, body: page.html(), format: 'html', status: 200 }, site: null }, { now: '2026-01-01' });
    for (const check of failing(result)) {
      const why = disagreement(check);
      if (why) problems.push(`${page.name} ${check.id}: ${why}`);
      titles.set(check.id, (titles.get(check.id) ?? new Set()).add(check.title));
    }
    // The issues, and the recommendations built from them, carry the same headline as the check.
    for (const issue of result.issues) {
      const title = result.checks.find((c) => c.id === issue.checkId)!.title;
      if (issue.title !== title) problems.push(`${page.name} ${issue.checkId}: issue "${issue.title}" under check "${title}"`);
    }
    result.recommendations.forEach((text, i) => {
      if (!text.startsWith(`${result.issues[i].title}: `)) problems.push(`${page.name}: recommendation "${text}" does not open with "${result.issues[i].title}"`);
    });
  }
  return { problems, titles };
}

describe('check titles agree with their evidence on real pages', () => {
  it('on the 130 real pages', () => {
    const pages = realPages();
    expect(pages.length).toBe(130);
    const { problems, titles } = auditEach(pages);
    expect(problems).toEqual([]);
    // Findings really differ from page to page: several checks fail on the corpus in more than one way.
    expect([...titles.values()].filter((set) => set.size > 1).length).toBeGreaterThanOrEqual(5);
  });

  it.skipIf(SHARED === null)('on the 300 pages of the shared dates corpus', () => {
    const { problems } = auditEach(datePages(SHARED!));
    expect(problems).toEqual([]);
  });
});

describe('the agreement rules', () => {
  const outcome = (title: string, explanation: string, details: CheckOutcome['details'] = [], id = 'faq-content'): CheckOutcome => ({
    id, title, explanation, details, subscore: 'conversationalReadiness', weight: 1, score: 0.5, applicable: true, pointsLost: 1, priority: 'Low', category: 'Content', suggestion: 's', learnMore: 'https://x.example',
  });

  it('catch the contradictions issue #30 reported', () => {
    expect(disagreement(outcome('Page has no FAQ section', '6 answered questions form an FAQ, but without FAQPage markup.', [{ label: 'Answered question headings', value: '6' }]))).toMatch(/says no/);
    expect(disagreement(outcome('Page has no FAQ section', '6 answered questions form an FAQ, but without FAQPage markup.'))).toMatch(/counts "6 answered questions form an FAQ"/);
    expect(disagreement(outcome('How-to content lacks numbered steps', 'The steps are numbered but not marked up as HowTo.', [{ label: 'Longest numbered list', value: '5' }], 'step-lists'))).toMatch(/says no numbered/);
    expect(disagreement(outcome('The organization behind the page is not identified', 'The organization markup lacks logo.', [{ label: 'Missing logo' }], 'organization-identity'))).toMatch(/missing logo/);
  });

  it('catch a markup finding under a content title, a wrong count and the pass title', () => {
    expect(disagreement(outcome('FAQ section is too short', 'The steps are numbered but not marked up as HowTo.'))).toMatch(/only the markup/);
    expect(disagreement(outcome('3 headings skip a level', '2 heading(s) skip a level.', [], 'heading-hierarchy'))).toMatch(/says 3/);
    expect(disagreement(outcome('Page has FAQ content', 'The page has no question-and-answer content.'))).toMatch(/pass title/);
  });

  it('accept the titles the checks now give', () => {
    expect(disagreement(outcome('FAQ not marked up as FAQPage', '6 answered questions form an FAQ, but without FAQPage markup.', [{ label: 'Answered question headings', value: '6' }, { label: 'FAQPage markup', value: 'no' }]))).toBeNull();
    expect(disagreement(outcome('Page has no FAQ section', 'The page has no question-and-answer content.', [{ label: 'Answered question headings', value: '0' }]))).toBeNull();
    expect(disagreement(outcome('Organization markup lacks a logo', 'The organization markup lacks logo.', [{ label: 'Missing logo' }], 'organization-identity'))).toBeNull();
    expect(disagreement(outcome('Page is reached through 3 redirects', 'The page is reached through 3 redirects.', [], 'http-status'))).toBeNull();
    expect(disagreement(outcome('Content has not been updated for over 365 days', 'The content is 800 days old.', [], 'content-freshness'))).toBeNull();
    expect(disagreement(outcome('6 images have no alt text', '6 of 41 images have no alt text or a file name as alt text.', [], 'image-alt'))).toBeNull();
    expect(disagreement(outcome('A table lacks header cells', '1 table(s) lack header cells (<th>).', [{ label: 'Tables without headers', value: '1' }], 'table-usage'))).toBeNull();
    expect(disagreement(outcome('A question heading lacks a concise answer', '1 of 2 question heading(s) are not followed by a 25-60 word answer.', [], 'concise-answers'))).toBeNull();
  });
});
