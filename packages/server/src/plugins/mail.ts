import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../services/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp<{ smtpUrl?: string; from: string }>(
  async (app, options) => {
    const mailer = createMailer({ ...options, db: app.db, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mail', dependencies: ['db'] },
);
