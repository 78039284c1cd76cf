import fp from 'fastify-plugin';
import { weeklyDigestJob } from './digest-job';
import { digestRoutes, type DigestRouteOptions } from './digest-routes';
import { sendWeeklyDigests } from './send-digests';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the week's digests now; tests call it with a simulated clock instead of waiting for the cron. */
    sendWeeklyDigests(now: Date): Promise<{ sent: number; skipped: number }>;
  }
}

/** Weekly proactive suggestions (spec 000 §6, Pro and Agency): the cron job and its routes. */
export const digestPlugin = fp<DigestRouteOptions>(
  async (app, options) => {
    const deps = { db: app.db, mailer: app.mailer, publicUrl: options.publicUrl, secret: options.secret, log: app.log };
    await app.jobs.define(weeklyDigestJob(deps));
    app.decorate('sendWeeklyDigests', (now: Date) => sendWeeklyDigests(deps, now));
    await app.register(digestRoutes, options);
  },
  { name: 'digest', dependencies: ['jobs', 'mail', 'auth'] },
);
