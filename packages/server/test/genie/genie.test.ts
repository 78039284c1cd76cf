import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BUILT_IN_SOURCE, GENIE_LANDING_LIMIT, GENIE_MESSAGES, TOOL_IDS, type PlanId } from '@citable/contract';
import { auditHistory, userActivity } from '../../src/db/schema';
import { builtInAnswer } from '../../src/features/genie/built-in-answer';
import { routeQuestion } from '../../src/features/genie/route-question';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseUrl;
});
afterAll(() => server?.close());

async function newUser(plan: PlanId): Promise<{ cookie: string; id: string }> {
  const cookie = await signUpVerified(base, { name: 'Genie Tester', email: uniqueEmail('genie'), password: STRONG_PASSWORD });
  const me = await api(base, '/api/profile', { cookie });
  const id = me.body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  return { cookie, id };
}

const chat = (body: Record<string, unknown>, cookie?: string) => api(base, '/api/functions/genie-chatbot', { cookie, body });
const toolsOf = (body: { actionSuggestions: { toolId: string }[] }) => body.actionSuggestions.map((a) => a.toolId);

describe('routing without a model', () => {
  it('sends citation questions to the Citation Tracker and the Content Optimizer', () => {
    const ids = builtInAnswer('How do I get cited by ChatGPT?', null, null).toolIds;
    expect(ids).toContain('citations');
    expect(ids).toContain('optimizer');
  });

  it('sends schema questions to the Schema Generator first', () => {
    expect(routeQuestion('schema markup')[0].entry.toolId).toBe('schema');
    expect(builtInAnswer('Can you help with JSON-LD structured data?', 'core', null).toolIds[0]).toBe('schema');
  });

  it('routes voice, llms.txt and competitor questions', () => {
    expect(builtInAnswer('Will Alexa read my page out loud?', null, null).toolIds[0]).toBe('voice');
    expect(builtInAnswer('how do I write an llms.txt file', null, null).toolIds[0]).toBe('summaries');
    expect(builtInAnswer('who are my competitors?', null, null).toolIds).toContain('discovery');
  });

  it('answers plan questions from the real plans', () => {
    const answer = builtInAnswer('How much does the Pro plan cost?', null, null);
    expect(answer.response).toMatch(/Pro \(\$\d+ a month/);
  });

  it('suggests the tool for the weakest subscore when the question names none', () => {
    const answer = builtInAnswer('What should I do next?', 'core', { subscore: 'conversationalReadiness', label: 'Conversational Readiness', score: 41, toolId: 'voice', websiteUrl: 'https://a.example' });
    expect(answer.toolIds).toEqual(['voice']);
    expect(answer.response).toContain('41');
  });
});

describe('POST /api/functions/genie-chatbot', () => {
  let landingCalls = 0;
  const landing = async (message: string) => {
    landingCalls += 1;
    return chat({ message, context: 'landing', userPlan: 'agency' });
  };

  it('answers landing questions signed out, from the built-in analysis', async () => {
    const response = await landing('How do I get cited by ChatGPT?');
    expect(response.status).toBe(200);
    expect(response.body.source).toBe(BUILT_IN_SOURCE);
    expect(toolsOf(response.body)).toEqual(expect.arrayContaining(['citations', 'optimizer']));
    for (const action of response.body.actionSuggestions) expect(action.type).toBe('launchTool');
  });

  it('refuses empty and whitespace-only messages with 400', async () => {
    expect((await chat({ message: '   ', context: 'landing' })).status).toBe(400);
    expect((await chat({ message: '', context: 'dashboard' })).body.error).toBe(GENIE_MESSAGES.emptyMessage);
  });

  it('needs a session in the dashboard, with the spec message', async () => {
    const response = await chat({ message: 'hello', context: 'dashboard' });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(GENIE_MESSAGES.loggedOut);
  });

  it('gives free users the upgrade message, whatever plan they claim', async () => {
    const free = await newUser('free');
    const response = await chat({ message: 'How do I get cited?', context: 'dashboard', userPlan: 'agency' }, free.cookie);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ response: GENIE_MESSAGES.freeUpgrade, actionSuggestions: [], source: BUILT_IN_SOURCE });
  });

  it('gives core users tool guidance within their plan, with the weakest subscore, and logs genie_chat', async () => {
    const core = await newUser('core');
    const generated = await chat({ message: 'Can you generate FAQ content and meta tags for me?', context: 'dashboard' }, core.cookie);
    expect(generated.status).toBe(200);
    expect(generated.body.source).toBe(BUILT_IN_SOURCE);
    // The generator is a Pro tool: named, with its plan, but not offered as a button.
    expect(generated.body.response).toContain('AI Content Generator');
    expect(generated.body.response).toContain('Pro plan');
    expect(toolsOf(generated.body)).not.toContain('generator');

    await server.db.insert(auditHistory).values({
      userId: core.id,
      websiteUrl: 'https://lantern.example/',
      websiteOrigin: 'https://lantern.example',
      overallScore: 66,
      aiUnderstanding: 80,
      citationLikelihood: 72,
      conversationalReadiness: 38,
      contentStructure: 75,
      recommendations: ['Answer questions directly'],
      issues: [],
      auditData: {} as never,
    });
    const next = await chat({ message: 'What should I do next?', context: 'dashboard' }, core.cookie);
    expect(toolsOf(next.body)).toEqual(['voice']);
    expect(next.body.response).toContain('Conversational Readiness');
    const schema = await chat({ message: 'schema markup', context: 'dashboard' }, core.cookie);
    expect(toolsOf(schema.body)[0]).toBe('schema');
    expect(schema.body.proactiveSuggestions).toMatch(/scored 38 for Conversational Readiness/);

    const logged = await server.db.select().from(userActivity).where(and(eq(userActivity.userId, core.id), eq(userActivity.activityType, 'genie_chat')));
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged[0].activityData).toMatchObject({ context: 'dashboard', source: BUILT_IN_SOURCE });
  });

  it('gives pro users the built-in assistant when no model is configured, with every real tool of their plan', async () => {
    const pro = await newUser('pro');
    const response = await chat({ message: 'Can you generate FAQ content?', context: 'dashboard' }, pro.cookie);
    expect(response.body.source).toBe(BUILT_IN_SOURCE);
    expect(toolsOf(response.body)).toContain('generator');
    for (const id of toolsOf(response.body)) expect(TOOL_IDS).toContain(id);
  });

  it('limits signed-out landing questions per IP address (429 with a clear message)', async () => {
    while (landingCalls < GENIE_LANDING_LIMIT.limit) expect((await landing('What does Citable do?')).status).toBe(200);
    const refused = await landing('What does Citable do?');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Please try again in \d+ minutes?/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
