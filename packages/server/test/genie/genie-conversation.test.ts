import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENIE_HISTORY_MAX, GENIE_PROACTIVE_PREFIX, SUBSCORE_IDS, SUBSCORE_LABELS, type AuditResult, type PlanId } from '@citable/contract';
import { auditContent, DEFAULT_SCORING_CONFIG } from '@citable/engine';
import { isOwnScoreQuestion } from '../../src/features/genie/own-score-answer';
import { saveAuditHistory } from '../../src/features/audits/history';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

// Issue 19, item 7: Genie gives its "By the way" suggestion once per conversation, and answers
// questions about the user's own scores with the numbers of their latest own audit (never a
// competitor's), the checks that cost the most points, and the tool that works on it.

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
afterAll(() => server?.close());

const OWN = 'https://lantern.example/';
const RIVAL = 'https://kettle.example/';

async function newUser(plan: PlanId): Promise<{ cookie: string; id: string }> {
  const cookie = await signUpVerified(base, { name: 'Genie Tester', email: uniqueEmail('genie-conv'), password: STRONG_PASSWORD });
  const me = await api(base, '/api/profile', { cookie });
  const id = me.body.user_id as string;
  await setPlan(server.db, id, plan);
  const profile = await api(base, '/api/profile', {
    method: 'PATCH',
    cookie,
    body: { websites: [{ name: 'Lantern Tea', url: OWN }], competitors: [{ name: 'Kettle & Leaf', url: RIVAL }] },
  });
  expect(profile.status).toBe(200);
  return { cookie, id };
}

type Turn = { type: 'user' | 'bot'; content: string };
const chat = (cookie: string, message: string, conversationHistory: Turn[] = []) =>
  api(base, '/api/functions/genie-chatbot', { cookie, body: { message, context: 'dashboard', conversationHistory } });

/** A thin page: it fails checks in every subscore, so each has points lost to name. */
const THIN_PAGE = '<html><head><title>Tea</title></head><body><p>We sell tea. Tea is good. Buy tea here today.</p></body></html>';

async function saveAudit(userId: string, url: string, result: AuditResult, createdAt: Date): Promise<void> {
  await saveAuditHistory(server.db, userId, randomUUID(), url, { kind: 'page', result }, createdAt);
}

const failing = (result: AuditResult) =>
  result.checks.filter((check) => check.score !== null && check.score < DEFAULT_SCORING_CONFIG.passThreshold && check.pointsLost > 0).sort((a, b) => b.pointsLost - a.pointsLost);

describe('the proactive suggestion', () => {
  it('is given once per conversation, even when it has left the turns a model reads', async () => {
    const core = await newUser('core');
    await saveAudit(core.id, OWN, auditContent(THIN_PAGE, { url: OWN }), new Date());

    const first = await chat(core.cookie, 'schema markup');
    expect(first.status).toBe(200);
    const proactive = first.body.proactiveSuggestions as string;
    expect(proactive.startsWith(GENIE_PROACTIVE_PREFIX)).toBe(true);

    // The client appends it to the conversation 2 s after the reply; the next question carries it.
    const history: Turn[] = [
      { type: 'user', content: 'schema markup' },
      { type: 'bot', content: first.body.response },
      { type: 'bot', content: proactive },
    ];
    const second = await chat(core.cookie, 'How do I get cited by ChatGPT?', history);
    expect(second.status).toBe(200);
    expect(second.body.proactiveSuggestions).toBeUndefined();

    // Still not once the suggestion is older than the last GENIE_HISTORY_MAX turns.
    const long: Turn[] = [...history];
    while (long.length < GENIE_HISTORY_MAX + 6) long.push({ type: 'user', content: 'Will Alexa read my page?' }, { type: 'bot', content: 'The Voice Assistant Tester is the tool for that.' });
    const later = await chat(core.cookie, 'schema markup', long);
    expect(later.body.proactiveSuggestions).toBeUndefined();

    // A new conversation (no history) may hear it again.
    expect((await chat(core.cookie, 'schema markup')).body.proactiveSuggestions).toBe(proactive);
  });
});

describe('questions about the user\'s own scores', () => {
  it('recognises the ways people ask', () => {
    for (const question of ['What is my score?', "what's my AI visibility score", 'Why is my citation score low?', 'How did my site do?', 'How is my website doing?', 'how are we doing', 'Explain our audit results']) {
      expect(isOwnScoreQuestion(question), question).toBe(true);
    }
    for (const question of ['Can you help me with schema markup?', 'What should I do next?', 'How much does the Pro plan cost?', 'who are my competitors?', 'What is the AI Visibility Score?']) {
      expect(isOwnScoreQuestion(question), question).toBe(false);
    }
  });

  it('are answered with the latest own audit: overall, subscores and the checks that cost the most points, with the tool', async () => {
    const core = await newUser('core');
    const own = auditContent(THIN_PAGE, { url: OWN });
    await saveAudit(core.id, OWN, own, new Date(Date.now() - 60_000));
    // A competitor's audit, newer: its scores are not the user's (issue 19).
    const rival = auditContent('<html><head><title>Kettle</title></head><body><h1>Kettle</h1><p>Kettles.</p></body></html>', { url: RIVAL });
    await saveAudit(core.id, RIVAL, rival, new Date());

    const score = await chat(core.cookie, 'What is my score?');
    expect(score.status).toBe(200);
    const text = score.body.response as string;
    expect(text).toContain(`scored ${own.overallScore}/100 overall`);
    expect(text).toContain(OWN);
    expect(text).not.toContain(RIVAL);
    for (const id of SUBSCORE_IDS) expect(text).toContain(`${SUBSCORE_LABELS[id]} ${own.subscores[id]}`);
    const top = failing(own)[0];
    expect(text).toContain(top.title.replace(/[.!?]+$/, ''));
    expect(text).toMatch(/\(\d+(\.\d)? points? lost\)/);
    expect(score.body.actionSuggestions.length).toBe(1);

    const citation = await chat(core.cookie, 'Why is my citation score low?');
    const why = citation.body.response as string;
    expect(why).toContain(`Citation Likelihood is ${own.subscores.citationLikelihood}`);
    const citationChecks = failing(own).filter((check) => check.subscore === 'citationLikelihood');
    expect(citationChecks.length).toBeGreaterThan(0);
    expect(why).toContain(citationChecks[0].title.replace(/[.!?]+$/, ''));
    // The tool that works on citation likelihood, as a button.
    expect(citation.body.actionSuggestions.map((a: { toolId: string }) => a.toolId)).toEqual(['optimizer']);

    const how = await chat(core.cookie, 'How did my site do?');
    expect(how.body.response).toContain(`scored ${own.overallScore}/100 overall`);
  });

  it('say how to get a score when the user has no audit of their own', async () => {
    const core = await newUser('core');
    const answer = await chat(core.cookie, 'What is my score?');
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatch(/no audit of your own site yet/);
    expect(answer.body.proactiveSuggestions).toBeUndefined();
  });
});
