import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_SOURCE, contentGeneratorResultSchema, contentOptimizerResultSchema, PLACEHOLDERS, type PlanId } from '@citable/contract';
import { setPlan } from '../../src/features/profile/profile';
import { startHttpFake, type FakeReply, type HttpFake, type RecordedRequest } from '../fakes/http-fake';
import { chatBody, chatCompletion, chatError } from '../fakes/openai-compatible';
import { serveSite, teaShopPages, type ServedSite } from '../fixtures/tool-sites';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * Genie, the generator and the optimizer with a model: the server started with
 * LLM_PROVIDER=openai-compatible against a fake that answers each feature's structured request.
 */

let llm: HttpFake;
let server: TestServer;
let base: string;
let shop: ServedSite;

const system = (request: RecordedRequest) => chatBody(request).messages.find((m) => m.role === 'system')?.content ?? '';

const ORIGINAL = `# Storing green tea

Green tea loses its aroma quickly once the bag is opened, and the leaves absorb the smells of the kitchen around them, which is why the tin you choose matters as much as the tea itself.

## Containers

An airtight tin that keeps out light is best; glass jars look good on a shelf but let light in, and light fades the colour and flavour of the leaves within weeks.

## Temperature

Keep the tin somewhere cool and dry, away from the stove and the kettle, because warmth and steam speed up the loss of flavour, and never store opened tea in the fridge.

Should you freeze green tea? Only unopened packs, which can be frozen and thawed once, and opened tea should be drunk within 2 months.
`;

// The model's rewrite adds a summary and question headings, but also a figure (87%) and a quote the author never wrote.
const REWRITE = ORIGINAL.replace('# Storing green tea\n', '# Storing green tea\n\n## Key takeaways\n\n- Store green tea in an airtight tin that keeps out light.\n- Drink opened tea within 2 months.\n')
  .replace('## Containers', '## Which container keeps green tea fresh?\n\n87% of tea loses its aroma in a glass jar, as one expert put it: "light is the enemy of every green tea leaf".')
  .replace('## Temperature', '## Where should you keep the tin?');

/** The number [n] of the first passage in the generator's prompt that contains `text`; 0 when none does. */
const passageNumber = (request: RecordedRequest, text: string): number => {
  const prompt = chatBody(request).messages.at(-1)?.content ?? '';
  const line = prompt.split('\n').find((l) => /^\[\d+\]/.test(l) && l.includes(text));
  return line ? Number(/^\[(\d+)\]/.exec(line)![1]) : 0;
};

let answers: Record<string, (request: RecordedRequest) => FakeReply>;
function defaultAnswers(): Record<string, (request: RecordedRequest) => FakeReply> {
  return {
    genie: () => chatCompletion(JSON.stringify({ response: 'Track your mentions and compare your entities with competitors.', toolIds: ['hack', 'toString', 'citations', 'entities', 'citations'] })),
    optimizer: () => chatCompletion(JSON.stringify({ optimizedContent: REWRITE, changes: ['Opened with a direct answer.', 'Phrased headings as questions.'] })),
    generator: (request) =>
      chatCompletion(
        JSON.stringify({
          faqs: [
            {
              question: 'Does sencha contain caffeine?',
              answer: 'Yes. A cup of sencha contains about 30 mg of caffeine, and 95% of drinkers never notice it, which is less than a third of a cup of coffee, so it suits an afternoon break.',
              passage: passageNumber(request, 'about 30 mg of caffeine'),
            },
            // Answered from the caffeine passage: it says nothing about brewing temperature.
            { question: 'What water temperature suits sencha?', answer: 'Use water well below boiling for sencha.', passage: passageNumber(request, 'about 30 mg of caffeine') },
            { question: 'Is green tea good for sleep?', answer: 'Green tea is calming for many people.', passage: 99 },
          ],
          metaTags: null,
          snippets: [],
          headings: [],
          descriptions: [],
          optimizationTips: ['Answer the caffeine question on the FAQ page.'],
        }),
      ),
  };
}

beforeAll(async () => {
  llm = await startHttpFake((request) => {
    const prompt = system(request);
    if (prompt.includes('You are Genie')) return answers.genie(request);
    if (prompt.includes('You rewrite web content')) return answers.optimizer(request);
    return answers.generator(request);
  });
  shop = await serveSite(teaShopPages([]));
  server = await startTestServer({
    env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost', LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'fake-model', LLM_BASE_URL: `${llm.url}/v1`, LLM_RETRY_BASE_MS: '5' },
  });
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.close();
  await Promise.all([llm?.close(), shop?.close()]);
});
beforeEach(() => {
  answers = defaultAnswers();
  llm.requests.length = 0;
});

async function newUser(plan: PlanId): Promise<string> {
  const cookie = await signUpVerified(base, { name: 'Model Tester', email: uniqueEmail('llm'), password: STRONG_PASSWORD });
  const onboarding = await api(base, '/api/profile/onboarding', {
    cookie,
    body: { websites: [{ name: 'Lantern Tea', url: shop.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle & Leaf', url: 'https://kettle.example' }], goals: ['increase_citations'] },
  });
  expect(onboarding.status).toBe(200);
  await setPlan(server.db, onboarding.body.user_id as string, plan);
  return cookie;
}

const chat = (cookie: string, message: string) => api(base, '/api/functions/genie-chatbot', { cookie, body: { message, context: 'dashboard', conversationHistory: [{ type: 'user', content: 'hi' }] } });

describe('Genie with a model', () => {
  it('answers Pro users with the model, offering only real tool ids of their plan', async () => {
    const cookie = await newUser('pro');
    const response = await chat(cookie, 'How do I get mentioned by AI assistants?');
    expect(response.status).toBe(200);
    expect(response.body.source).toBe('fake-model');
    expect(response.body.response).toBe('Track your mentions and compare your entities with competitors.');
    expect(response.body.actionSuggestions.map((a: { toolId: string }) => a.toolId)).toEqual(['citations', 'entities']);
    // The model saw the tools it may suggest and the conversation.
    expect(system(llm.requests[0])).toContain('- citations: Citation Tracker');
    expect(chatBody(llm.requests[0]).messages.at(-1)?.content).toContain('User: hi');
  });

  it('keeps Core users on tool guidance: no model call', async () => {
    const cookie = await newUser('core');
    const response = await chat(cookie, 'How do I get cited by ChatGPT?');
    expect(response.body.source).toBe(BUILT_IN_SOURCE);
    expect(llm.requests).toHaveLength(0);
    // Entities is a Pro tool: a model suggesting it to a Core user would be filtered too.
    expect(response.body.actionSuggestions.map((a: { toolId: string }) => a.toolId)).toContain('citations');
  });

  it('falls back to the built-in guidance when the model fails', async () => {
    answers.genie = () => chatError(500);
    const cookie = await newUser('agency');
    const response = await chat(cookie, 'schema markup');
    expect(response.status).toBe(200);
    expect(response.body.source).toBe(BUILT_IN_SOURCE);
    expect(response.body.actionSuggestions[0].toolId).toBe('schema');
  });
});

describe('AI Content Optimizer with a model', () => {
  it('replaces figures and quotes the input never stated with placeholders, and scores the rewrite with the engine', async () => {
    const cookie = await newUser('core');
    const response = await api(base, '/api/functions/content-optimizer', { cookie, body: { content: ORIGINAL, targetKeywords: ['green tea'], contentType: 'article' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = contentOptimizerResultSchema.parse(response.body);
    expect(result.source).toBe('fake-model');
    expect(result.optimizedContent).not.toContain('87%');
    expect(result.optimizedContent).not.toContain('light is the enemy');
    expect(result.optimizedContent).toContain(PLACEHOLDERS.statistic);
    expect(result.optimizedContent).toContain(PLACEHOLDERS.quotation);
    // A figure the author wrote survives.
    expect(result.optimizedContent).toContain('within 2 months');
    expect(result.changes.map((c) => c.kind)).toEqual(expect.arrayContaining(['rewrite', 'figure-removed', 'quote-removed']));
    expect(result.placeholders).toEqual(expect.arrayContaining([PLACEHOLDERS.statistic, PLACEHOLDERS.quotation]));
    expect(result.optimizedScore).toBeGreaterThanOrEqual(result.originalScore);
    expect(result.improvement).toBe(result.optimizedScore - result.originalScore);
  });

  it('shows the built-in rewrite when the model is unavailable', async () => {
    answers.optimizer = () => chatError(500);
    const cookie = await newUser('core');
    const result = contentOptimizerResultSchema.parse((await api(base, '/api/functions/content-optimizer', { cookie, body: { content: ORIGINAL, targetKeywords: [], contentType: 'article' } })).body);
    expect(result.source).toBe(BUILT_IN_SOURCE);
    expect(result.changes[0].description).toMatch(/fake-model failed/);
  });
});

describe('AI Content Generator with a model', () => {
  it('asks for the schema, grounded in the site’s passages, and marks invented figures', async () => {
    const cookie = await newUser('pro');
    const response = await api(base, '/api/functions/ai-content-generator', { cookie, body: { contentType: 'faq', topic: 'green tea', targetKeywords: ['caffeine'], tone: 'casual' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = contentGeneratorResultSchema.parse(response.body);
    expect(result.source).toBe('fake-model');
    const [faq] = result.generatedContent.faqs;
    expect(faq.answer).toContain('30 mg');
    expect(faq.answer).not.toContain('95%');
    expect(faq.grounded).toBe(false);
    expect(faq.reason).toMatch(/placeholders/);
    expect(faq.score?.checkId).toBe('concise-answers');
    // Traceable: the passage the model named is kept, and it states what the answer says.
    expect(faq.sourcePassage).toContain('about 30 mg of caffeine');
    expect(faq.sourceUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const [, offTopic, unnamed] = result.generatedContent.faqs;
    expect(offTopic).toMatchObject({ grounded: false, reason: 'The passage the model cited does not answer this question.' });
    expect(unnamed).toMatchObject({ grounded: false, reason: 'The model named no passage of your pages that answers this question.', sourcePassage: null });
    const request = chatBody(llm.requests[0]);
    expect(request.response_format?.type).toBe('json_schema');
    expect(request.messages.at(-1)?.content).toContain('about 30 mg of caffeine');
  });
});
