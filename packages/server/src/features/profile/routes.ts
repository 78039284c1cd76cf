import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, choosePlanSchema, onboardingSchema, profileSchema, profileUpdateSchema, type Profile, type ProfileUpdate } from '@citable/contract';
import { HttpError } from '../../lib/http-error';
import { logActivity } from './activity';
import { enforceWorkspaceSiteCaps } from '../workspaces';
import { completeOnboarding, getOrCreateProfile, setPlan, updateProfile } from './profile';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

function changedFields(before: Profile, input: ProfileUpdate): string[] {
  return (Object.keys(input) as (keyof ProfileUpdate)[]).filter((key) => input[key] !== undefined && JSON.stringify(before[key] ?? null) !== JSON.stringify(input[key]));
}

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/profile', { config: { cachedRead: true }, schema: { response: { 200: profileSchema, 401: apiErrorSchema } } }, async (request) => {
    return app.ownerProfile(request);
  });

  app.patch('/api/profile', { schema: { body: profileUpdateSchema, response: { 200: profileSchema, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    const before = await getOrCreateProfile(app.db, owner.ownerId);
    await enforceWorkspaceSiteCaps(app.db, owner.ownerId, before.plan, request.body);
    const fields = changedFields(before, request.body);
    if (fields.length === 0) return before;
    const profile = await updateProfile(app.db, owner.ownerId, request.body);
    await logActivity(app.db, owner.ownerId, { type: 'settings_updated', data: { fields: fields.join(',') } });
    return profile;
  });

  app.post('/api/profile/onboarding', { schema: { body: onboardingSchema, response: { 200: profileSchema, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    const before = await getOrCreateProfile(app.db, owner.ownerId);
    await enforceWorkspaceSiteCaps(app.db, owner.ownerId, before.plan, request.body);
    const profile = await completeOnboarding(app.db, owner.ownerId, request.body);
    await logActivity(app.db, owner.ownerId, {
      type: 'onboarding_completed',
      data: { websites: request.body.websites.length, competitors: request.body.competitors.length, goals: request.body.goals.join(',') },
    });
    return profile;
  });

  app.post(
    '/api/profile/plan',
    { schema: { body: choosePlanSchema, response: { 200: profileSchema, 409: apiErrorSchema, 503: apiErrorSchema, ...errors } } },
    async (request) => {
      // Choosing a plan is the signed-in person's billing, never a workspace client's: identity-only.
      const user = await app.requireUser(request);
      // Paid plans are bought through checkout, which needs billing (not configured in this build).
      if (request.body.plan !== 'free') throw new HttpError(503, { error: 'Payment processing is not available' });
      const before = await getOrCreateProfile(app.db, user.id);
      if (before.plan !== 'free' && before.subscription_status === 'active') {
        throw new HttpError(409, { error: 'Cancel your subscription from Billing to move to the free plan.' });
      }
      return setPlan(app.db, user.id, 'free');
    },
  );
};
