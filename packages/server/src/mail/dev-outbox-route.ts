import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devOutboxMessageSchema, type DevOutboxMessage } from '@citable/contract';
import type { Db } from '../db/client';
import { devOutbox } from '../db/schema';

const OUTBOX_LIMIT = 200;

async function readOutbox(db: Db, to?: string): Promise<DevOutboxMessage[]> {
  const rows = await db
    .select()
    .from(devOutbox)
    .where(to ? eq(devOutbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(devOutbox.createdAt))
    .limit(OUTBOX_LIMIT);
  return rows.map((row) => ({ id: row.id, to: row.to, subject: row.subject, text: row.text, links: row.links, created_at: row.createdAt.toISOString() }));
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => entities[char]);

function renderLinks(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s"'<>&]+(?:&amp;[^\s"'<>&]+)*/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderPage(messages: DevOutboxMessage[]): string {
  const items = messages
    .map(
      (message) => `<article><h2>${escapeHtml(message.subject)}</h2><p class="meta">To ${escapeHtml(message.to)} &middot; ${escapeHtml(message.created_at)}</p><pre>${renderLinks(message.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev outbox - Citable</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}.meta{color:#6b7280;margin:0}a{color:#7c3aed}</style>
</head><body><h1>Dev outbox</h1><p>Mail the server would have sent (SMTP_URL is not set). Newest first.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
}

/** Only registered outside production: lets a developer or a test follow verification and reset links without SMTP. */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const query = z.strictObject({ to: z.string().max(320).optional() });
  app.get('/api/dev/outbox', { schema: { querystring: query, response: { 200: z.object({ messages: z.array(devOutboxMessageSchema) }) } } }, async (request) => ({
    messages: await readOutbox(app.db, request.query.to),
  }));
  app.get('/dev/outbox', { schema: { querystring: query } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderPage(await readOutbox(app.db, request.query.to))),
  );
};
