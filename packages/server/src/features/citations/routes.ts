import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  citationHistoryQuerySchema,
  citationHistoryResponseSchema,
  citationTrackerInputSchema,
  citationTrackerResultSchema,
  fingerprintPhraseCreateSchema,
  fingerprintPhraseSchema,
  savedCitationPromptCreateSchema,
  savedCitationPromptSchema,
  type PlanId,
} from '@citable/contract';
import { requireTool } from '../billing';
import { hostOf } from './text';
import type { CitationSourceSettings } from '../../settings/citation-sources';
import {
  addFingerprintPhrase,
  addSavedPrompt,
  citationHistory,
  deleteFingerprintPhrase,
  deleteSavedPrompt,
  listFingerprintPhrases,
  listSavedPrompts,
  SavedListFullError,
} from './store';
import { InvalidDomainError, runCitationTracker, sourcesOff, TrackerCancelledError } from './tracker';
import { HttpError, notFound } from '../../lib/http-error';
import { logActivity, getOrCreateProfile } from '../profile';
import { withToolRun } from '../tools';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const idParams = z.object({ id: z.string().max(100) });

/**
 * The Citation Tracker (spec 001 §7 citation-tracker) and its saved prompts, fingerprint phrases
 * (§7 table operations: select, insert, delete) and history. All of it is a Core tool.
 */
export const citationRoutes: FastifyPluginAsyncZod<{ sources: CitationSourceSettings }> = async (app, options) => {
  // The operator's view of the sources that are off and how to turn them on; users only read
  // "not set up on this server" (issue 19).
  const off = sourcesOff(options.sources, app.llm.configured);
  if (off.length > 0) {
    app.log.info(
      { citationSourcesOff: off.map((source) => source.id) },
      `Citation Tracker sources not set up on this server: ${off.map((source) => `${source.name} (${source.setup})`).join('; ')}. See docs/deployment.md, "Citation Tracker sources".`,
    );
  }
  const gate = requireTool(app, 'citations');
  const entitlement = (request: { entitlement?: { userId: string; plan: PlanId } }) => {
    if (!request.entitlement) throw new Error('citation routes run behind the citations gate');
    return request.entitlement;
  };

  app.post(
    '/api/functions/citation-tracker',
    { preHandler: gate, schema: { body: citationTrackerInputSchema, response: { 200: citationTrackerResultSchema, ...errors } } },
    async (request, reply) => {
      const { userId, plan } = entitlement(request);
      const profile = await getOrCreateProfile(app.db, userId);
      // A client that goes away stops the remaining model calls (and their token cost).
      const closed = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) closed.abort();
      });
      let result;
      try {
        // One run of the plan's monthly tool-use allowance (issue 19); not counted when it fails.
        result = await withToolRun(app.db, { userId, plan, toolId: 'citations', via: 'app' }, () =>
          runCitationTracker({ db: app.db, llm: app.llm, sources: options.sources }, { userId, plan, profile, input: request.body, signal: closed.signal }),
        );
      } catch (error) {
        if (error instanceof InvalidDomainError) throw new HttpError(400, { error: error.message, details: [{ path: 'body.domain', message: error.message }] });
        // The client is gone: nothing to answer, and a half-closed socket would hold the server's close.
        if (error instanceof TrackerCancelledError) {
          reply.hijack();
          reply.raw.destroy();
          return reply;
        }
        throw error;
      }
      try {
        await logActivity(app.db, userId, {
          type: 'tool_used',
          toolId: 'citations',
          websiteUrl: `https://${result.domain}`,
          data: { function: 'citation-tracker', runId: result.runId, source: result.source, mentionRate: result.overall.rate, citations: result.citations.length },
        });
      } catch (error) {
        // Spec 001 §8: activity tracking errors are swallowed; the run itself is stored.
        request.log.warn({ err: error }, 'tool_used activity not recorded');
      }
      return result;
    },
  );

  app.get(
    '/api/citations/history',
    { preHandler: gate, schema: { querystring: citationHistoryQuerySchema, response: { 200: citationHistoryResponseSchema, ...errors } } },
    async (request) => {
      const { userId } = entitlement(request);
      const domain = request.query.domain ? (hostOf(request.query.domain) ?? request.query.domain) : undefined;
      return { runs: await citationHistory(app.db, userId, domain, request.query.limit) };
    },
  );

  const full = (error: unknown) => (error instanceof SavedListFullError ? new HttpError(409, { error: error.message }) : error);

  app.get('/api/citations/prompts', { preHandler: gate, schema: { response: { 200: z.object({ prompts: z.array(savedCitationPromptSchema) }), ...errors } } }, async (request) => ({
    prompts: await listSavedPrompts(app.db, entitlement(request).userId),
  }));

  app.post(
    '/api/citations/prompts',
    { preHandler: gate, schema: { body: savedCitationPromptCreateSchema, response: { 201: savedCitationPromptSchema, 409: apiErrorSchema, ...errors } } },
    async (request, reply) => {
      try {
        return reply.status(201).send(await addSavedPrompt(app.db, entitlement(request).userId, request.body.prompt));
      } catch (error) {
        throw full(error);
      }
    },
  );

  app.delete('/api/citations/prompts/:id', { preHandler: gate, schema: { params: idParams, response: { 204: z.null(), 404: apiErrorSchema, ...errors } } }, async (request, reply) => {
    if (!(await deleteSavedPrompt(app.db, entitlement(request).userId, request.params.id))) throw notFound();
    return reply.status(204).send(null);
  });

  app.get('/api/citations/phrases', { preHandler: gate, schema: { response: { 200: z.object({ phrases: z.array(fingerprintPhraseSchema) }), ...errors } } }, async (request) => ({
    phrases: await listFingerprintPhrases(app.db, entitlement(request).userId),
  }));

  app.post(
    '/api/citations/phrases',
    { preHandler: gate, schema: { body: fingerprintPhraseCreateSchema, response: { 201: fingerprintPhraseSchema, 409: apiErrorSchema, ...errors } } },
    async (request, reply) => {
      try {
        return reply.status(201).send(await addFingerprintPhrase(app.db, entitlement(request).userId, request.body.phrase));
      } catch (error) {
        throw full(error);
      }
    },
  );

  app.delete('/api/citations/phrases/:id', { preHandler: gate, schema: { params: idParams, response: { 204: z.null(), 404: apiErrorSchema, ...errors } } }, async (request, reply) => {
    if (!(await deleteFingerprintPhrase(app.db, entitlement(request).userId, request.params.id))) throw notFound();
    return reply.status(204).send(null);
  });
};
