import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp<{ smtpUrl?: string; from: string; isProduction: boolean }>(
  async (app, options) => {
    if (options.isProduction && !options.smtpUrl) {
      app.log.warn('SMTP_URL is not set: verification and password-reset e-mails are only written to the log.');
    }
    const mailer = createMailer({ smtpUrl: options.smtpUrl, from: options.from, db: app.db, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mail', dependencies: ['db'] },
);
