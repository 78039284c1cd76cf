import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BUILT_IN_SOURCE, contentGeneratorResultSchema, contentOptimizerResultSchema, GENERATOR_INPUT_MISSING, PLACEHOLDERS, type PlanId } from '@citable/contract';
import { answerRelevance, figuresIn, MIN_ANSWER_RELEVANCE } from '@citable/engine';
import { userActivity } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { serveSite, teaShopPages, type ServedSite } from '../fixtures/tool-sites';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

let server: TestServer;
let base: string;
let shop: ServedSite;

async function newUser(plan: PlanId, website = true): Promise<{ cookie: string; id: string }> {
  const cookie = await signUpVerified(base, { name: 'Content Tester', email: uniqueEmail('content'), password: STRONG_PASSWORD });
  // Without onboarding the profile has no website, which the generator accepts (spec 001 §5).
  const onboarding = website
    ? await api(base, '/api/profile/onboarding', {
        cookie,
        body: { websites: [{ name: 'Lantern Tea', url: shop.url }], industry: 'Food & Beverage', competitors: [{ name: 'Kettle & Leaf', url: 'https://kettle.example' }], goals: ['increase_citations'] },
      })
    : await api(base, '/api/profile', { cookie });
  expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(200);
  const id = onboarding.body.user_id as string;
  if (plan !== 'free') await setPlan(server.db, id, plan);
  return { cookie, id };
}

beforeAll(async () => {
  shop = await serveSite(teaShopPages([]));
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost' } });
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.close();
  await shop?.close();
});

const generate = (cookie: string | undefined, body: unknown) => api(base, '/api/functions/ai-content-generator', { cookie, body });
const optimize = (cookie: string | undefined, body: unknown) => api(base, '/api/functions/content-optimizer', { cookie, body });

const DRAFT = `# Storing green tea

Green tea loses its aroma quickly once the bag is opened, and the leaves absorb the smells of the kitchen around them, which is why the tin you choose matters as much as the tea itself.

## Containers

An airtight tin that keeps out light is best; glass jars look good on a shelf but let light in, and light fades the colour and flavour of the leaves within weeks.

## Temperature

Keep the tin somewhere cool and dry, away from the stove and the kettle, because warmth and steam speed up the loss of flavour, and never store opened tea in the fridge.

Should you freeze green tea? Only unopened packs, which can be frozen and thawed once, and opened tea should be drunk within two months.
`;

describe('AI Content Generator without a model', () => {
  it('is a Pro tool: 401 signed out, 403 for Core', async () => {
    expect((await generate(undefined, { contentType: 'faq', topic: 'green tea', targetKeywords: ['sencha'] })).status).toBe(401);
    const core = await newUser('core');
    const refused = await generate(core.cookie, { contentType: 'faq', topic: 'green tea', targetKeywords: ['sencha'] });
    expect(refused.status).toBe(403);
    expect(refused.body.requiredPlan).toBe('pro');
  });

  it('asks for a topic and a keyword', async () => {
    const pro = await newUser('pro');
    for (const body of [
      { contentType: 'faq', topic: '  ', targetKeywords: ['sencha'] },
      { contentType: 'faq', topic: 'green tea', targetKeywords: [' ', ''] },
    ]) {
      const response = await generate(pro.cookie, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(GENERATOR_INPUT_MISSING);
    }
  });

  it('writes FAQs from the site’s own questions and passages, scored, and logs content_generated', async () => {
    const pro = await newUser('pro');
    const response = await generate(pro.cookie, { contentType: 'faq', topic: 'green tea', targetKeywords: ['sencha', 'caffeine'], tone: 'friendly' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = contentGeneratorResultSchema.parse(response.body);
    expect(result.source).toBe(BUILT_IN_SOURCE);
    expect(result.pagesRead).toBeGreaterThanOrEqual(3);
    expect(result.generatedContent.faqs.length).toBeGreaterThan(0);
    const caffeine = result.generatedContent.faqs.find((f) => /caffeine/i.test(f.question));
    expect(caffeine?.answer).toContain('30 mg');
    // Each answer was chosen for its question, and its score says how well it answers it.
    for (const faq of result.generatedContent.faqs.filter((f) => f.grounded)) {
      expect(answerRelevance(faq.question, faq.answer).relevance).toBeGreaterThanOrEqual(MIN_ANSWER_RELEVANCE);
      expect(faq.score?.message).toMatch(/key terms/);
    }
    for (const faq of result.generatedContent.faqs) {
      expect(faq.score?.checkId).toBe('concise-answers');
      if (faq.grounded) expect(faq.sourceUrl).toMatch(/^http:\/\/127\.0\.0\.1/);
    }
    const logged = await server.db.select().from(userActivity).where(and(eq(userActivity.userId, pro.id), eq(userActivity.activityType, 'content_generated')));
    expect(logged[0]?.activityData).toMatchObject({ contentType: 'faq', source: BUILT_IN_SOURCE });
  });

  it('writes meta tags from the best matching page, with the engine’s length scores', async () => {
    const pro = await newUser('pro');
    const result = contentGeneratorResultSchema.parse((await generate(pro.cookie, { contentType: 'meta-tags', topic: 'brewing green tea', targetKeywords: ['sencha'] })).body);
    const tags = result.generatedContent.metaTags!;
    expect(tags.grounded).toBe(true);
    expect(tags.title.length).toBeLessThanOrEqual(60);
    expect(tags.titleScore?.checkId).toBe('document-title');
    expect(tags.descriptionScore?.checkId).toBe('meta-description');
    expect(tags.raw).toContain('<meta name="description"');
  });

  it('marks what the site cannot ground, with the reason, instead of inventing it', async () => {
    const pro = await newUser('pro');
    const result = contentGeneratorResultSchema.parse((await generate(pro.cookie, { contentType: 'snippets', topic: 'quantum computing', targetKeywords: ['qubits'] })).body);
    expect(result.generatedContent.snippets.length).toBeGreaterThan(0);
    for (const snippet of result.generatedContent.snippets) {
      expect(snippet.grounded).toBe(false);
      expect(snippet.text).toBe(PLACEHOLDERS.answer);
      expect(snippet.reason).toMatch(/covers “(quantum computing|qubits)”/);
    }
  });

  it('works without a website, marking everything ungrounded', async () => {
    const pro = await newUser('pro', false);
    const result = contentGeneratorResultSchema.parse((await generate(pro.cookie, { contentType: 'faq', topic: 'green tea', targetKeywords: ['sencha'] })).body);
    expect(result.pagesRead).toBe(0);
    expect(result.generatedContent.faqs.every((f) => !f.grounded && /No website/.test(f.reason ?? ''))).toBe(true);
  });
});

describe('AI Content Optimizer without a model', () => {
  it('removes the marketing fluff the editor flags, and rates two plain paragraphs below 100 for structure', async () => {
    const core = await newUser('core');
    const content = 'Our world-class team delivers cutting-edge, revolutionary solutions that are truly best-in-class. We offer unparalleled service and a seamless experience for every customer.\n\nOur platform helps small businesses manage their invoices, sends reminders and tracks payments for every client.';
    const result = contentOptimizerResultSchema.parse((await optimize(core.cookie, { content, targetKeywords: [], contentType: 'article' })).body);
    expect(result.optimizedContent).not.toMatch(/world-class|cutting-edge|revolutionary|best-in-class|unparalleled|seamless/);
    expect(result.changes.some((c) => c.kind === 'rewrite' && c.before === 'world-class ')).toBe(true);
    expect(result.originalSubscores.contentStructure).toBeLessThan(100);
    expect(result.optimizedScore).toBeGreaterThanOrEqual(result.originalScore);
  });

  it('is a Core tool and needs content', async () => {
    const free = await newUser('free');
    expect((await optimize(free.cookie, { content: DRAFT, targetKeywords: [], contentType: 'article' })).status).toBe(403);
    const core = await newUser('core');
    expect((await optimize(core.cookie, { content: '  ', targetKeywords: [], contentType: 'article' })).status).toBe(400);
  });

  it('scores and rewrites with the engine, never lower, invents no figure, and logs content_optimized', async () => {
    const core = await newUser('core');
    const response = await optimize(core.cookie, { content: DRAFT, targetKeywords: ['green tea'], contentType: 'blog-post' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = contentOptimizerResultSchema.parse(response.body);
    expect(result.source).toBe(BUILT_IN_SOURCE);
    expect(result.optimizedScore).toBeGreaterThan(result.originalScore);
    expect(result.improvement).toBe(result.optimizedScore - result.originalScore);
    expect(result.changes.length).toBeGreaterThan(0);
    const known = figuresIn(DRAFT);
    for (const figure of figuresIn(result.optimizedContent)) expect(known).toContain(figure);
    const logged = await server.db.select().from(userActivity).where(and(eq(userActivity.userId, core.id), eq(userActivity.activityType, 'content_optimized')));
    expect(logged[0]?.activityData).toMatchObject({ originalScore: result.originalScore, optimizedScore: result.optimizedScore, improvement: result.improvement, contentType: 'blog-post' });
  });
});
