import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, digestSchema, digestSettingsSchema } from '@citable/contract';
import { requirePlan } from '../billing';
import { buildDigest, digestLink } from './build-digest';
import { isSubscribed, setSubscribed } from './preferences';
import { unsubscribePage } from './unsubscribe-page';
import { verifyUnsubscribeToken } from './unsubscribe-token';

export interface DigestRouteOptions {
  publicUrl: string;
  secret: string;
}

/** Weekly suggestions: the e-mail's unsubscribe link, the dashboard's preview and the Settings switch. */
export const digestRoutes: FastifyPluginAsyncZod<DigestRouteOptions> = async (app, options) => {
  const settingsUrl = digestLink(options.publicUrl, 'settings');

  // Public: the link works from the e-mail without signing in; the token's HMAC is the authority.
  app.get('/api/digest/unsubscribe', { schema: { querystring: z.object({ token: z.string().max(512) }) } }, async (request, reply) => {
    const userId = verifyUnsubscribeToken(request.query.token, options.secret);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    // 403, not 400: the request is well formed, its signature is refused (a 400 is JSON in this API).
    if (!userId) {
      return reply.status(403).send(unsubscribePage({ title: 'This link is not valid', message: 'This unsubscribe link is not valid. You can turn the weekly e-mail off in Settings.', settingsUrl }));
    }
    // A deleted user's token verifies but has nothing to change; the answer is the same.
    const exists = await app.db.query.user.findFirst({ columns: { id: true }, where: (table, { eq }) => eq(table.id, userId) });
    if (exists) await setSubscribed(app.db, userId, false);
    return reply.send(unsubscribePage({ title: 'You are unsubscribed', message: 'You will no longer receive the weekly suggestions e-mail. You can turn it back on in Settings.', settingsUrl }));
  });

  app.get('/api/digest/preview', { schema: { response: { 200: digestSchema, 401: apiErrorSchema, 403: apiErrorSchema } }, preHandler: requirePlan(app, 'pro') }, async (request) => {
    return buildDigest(app.db, request.entitlement!.userId, new Date(), options.publicUrl);
  });

  app.get('/api/digest/settings', { schema: { response: { 200: digestSettingsSchema, 401: apiErrorSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    return { subscribed: await isSubscribed(app.db, user.id) };
  });

  app.put('/api/digest/settings', { schema: { body: digestSettingsSchema, response: { 200: digestSettingsSchema, 401: apiErrorSchema } } }, async (request) => {
    const user = await app.requireUser(request);
    await setSubscribed(app.db, user.id, request.body.subscribed);
    return { subscribed: request.body.subscribed };
  });
};
