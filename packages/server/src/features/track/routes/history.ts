import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, historyQuerySchema, historyResponseSchema, trendsQuerySchema, trendsResponseSchema } from '@citable/contract';
import { assertEntitled } from '../../billing';
import { getOrCreateProfile } from '../../profile';
import { listHistory } from '../history/history-service';
import { trendSeries } from '../history/trends-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The History page and the Trends view (spec 001 §2, spec 002 §2.2). */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/history', { schema: { querystring: historyQuerySchema, response: { 200: historyResponseSchema, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    const profile = await getOrCreateProfile(app.db, owner.ownerId);
    return listHistory(app.db, owner.ownerId, profile, request.query);
  });

  app.get('/api/history/trends', { schema: { querystring: trendsQuerySchema, response: { 200: trendsResponseSchema, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    const profile = await getOrCreateProfile(app.db, owner.ownerId);
    const urls = [...new Set((request.query.websites ?? '').split(',').map((url) => url.trim()).filter((url) => url !== ''))];
    // One site's line is everyone's; comparing several is the pro "Trends compare" area.
    if (urls.length > 1) assertEntitled(profile.plan, { area: 'trends-compare' });
    return { series: await trendSeries(app.db, owner.ownerId, profile, urls, request.query.period) };
  });
};
