import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, canUseArea, EMPTY_WHITE_LABEL, whiteLabelResponseSchema, whiteLabelUpdateSchema } from '@citable/contract';
import { requireArea } from '../billing';
import { logActivity } from '../profile';
import { skipReadCache } from '../../cache/read-cache-plugin';
import { sanitizeCss } from './sanitize-css';
import { getWhiteLabel, saveWhiteLabel } from './store';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** White-label theming (spec 002 §7.2, §7.3): agency only; the server sanitises what it stores. */
export const whiteLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every dashboard asks, so any plan gets an answer; only agency accounts get their branding,
  // which also means a downgrade stops applying it at once without deleting it.
  app.get('/api/white-label', { config: { cachedRead: true }, schema: { response: { 200: whiteLabelResponseSchema, 401: apiErrorSchema } } }, async (request) => {
    const owner = await app.requireOwner(request);
    // A client's branding may be its agency's (brandSettingsRow): rows not the caller's own, so not cached.
    if (owner.clientId) skipReadCache(request);
    const settings = canUseArea(owner.plan, 'white-label') ? await getWhiteLabel(app.db, owner.ownerId) : EMPTY_WHITE_LABEL;
    return { settings, removed: [] };
  });

  app.put(
    '/api/white-label',
    { preHandler: requireArea(app, 'white-label'), schema: { body: whiteLabelUpdateSchema, response: { 200: whiteLabelResponseSchema, ...errors } } },
    async (request) => {
      const { userId } = request.entitlement!;
      const body = request.body;
      const sanitized = body.custom_css ? sanitizeCss(body.custom_css) : { css: '', removed: [] };
      const settings = await saveWhiteLabel(app.db, userId, {
        primary_color_hex: body.primary_color_hex ?? null,
        secondary_color_hex: body.secondary_color_hex ?? null,
        accent_color_hex: body.accent_color_hex ?? null,
        favicon_url: body.favicon_url ?? null,
        company_name: body.company_name ?? null,
        custom_css: sanitized.css || null,
      });
      try {
        await logActivity(app.db, userId, { type: 'settings_updated', data: { area: 'white-label' } });
      } catch (error) {
        request.log.warn({ err: error }, 'settings_updated activity not recorded');
      }
      return { settings, removed: sanitized.removed };
    },
  );
};
