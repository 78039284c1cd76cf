import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import type { Mailer, MailMessage } from '../../mail/mailer';
import type { WorkspaceRecord } from './access';
import type { RemovedMember } from './members';

/**
 * Tells the workspace's owner when a departure disabled client webhook endpoints. The removal has
 * happened by then, so a mail that cannot be sent is logged rather than failing the request.
 */
export async function noticeDisabledEndpoints(
  deps: { db: Db; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  workspace: WorkspaceRecord,
  removed: RemovedMember,
): Promise<void> {
  if (removed.disabledEndpoints.length === 0) return;
  try {
    const people = await deps.db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, [workspace.ownerUserId, removed.userId]));
    const owner = people.find((person) => person.id === workspace.ownerUserId);
    const former = people.find((person) => person.id === removed.userId);
    if (!owner || !former) return;
    const dashboardUrl = new URL('/dashboard', deps.publicUrl).toString();
    await deps.mailer.send(endpointsDisabledEmail({ to: owner.email, ownerName: owner.name, workspaceName: workspace.name, former, endpoints: removed.disabledEndpoints, dashboardUrl }));
  } catch (error) {
    deps.log.error({ err: error, workspaceId: workspace.id }, 'could not tell the owner about disabled webhook endpoints');
  }
}

/**
 * The e-mail telling a workspace's owner which client webhook endpoints were disabled because the
 * person who added them left the team (issue #35). It names each endpoint by its client and host
 * only: the rest of a receiver's URL often carries its credential (Slack, Zapier), and mail is a
 * weaker place to keep one than Settings.
 */
export function endpointsDisabledEmail(input: {
  to: string;
  ownerName: string;
  workspaceName: string;
  former: { name: string; email: string };
  endpoints: RemovedMember['disabledEndpoints'];
  dashboardUrl: string;
}): MailMessage {
  const count = input.endpoints.length;
  const lines = input.endpoints.map((endpoint) => `- ${endpoint.clientName}: ${hostOf(endpoint.url)}`).join('\n');
  const noun = count === 1 ? 'webhook endpoint' : 'webhook endpoints';
  return {
    to: input.to,
    subject: `${count} ${noun} disabled in ${input.workspaceName}`,
    text:
      `Hello ${input.ownerName},\n\n` +
      `${input.former.name} (${input.former.email}) is no longer a member of the workspace "${input.workspaceName}". ` +
      `The ${count === 1 ? 'webhook endpoint they added for a client was' : `${count} webhook endpoints they added for clients were`} disabled, so ${count === 1 ? 'it no longer receives' : 'they no longer receive'} your clients' events:\n\n` +
      `${lines}\n\n` +
      `You can review ${count === 1 ? 'it' : 'them'} in Settings, Webhooks, while acting as the client. Enable one again only if you trust where it sends, or delete it:\n\n` +
      `${input.dashboardUrl}\n`,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an endpoint whose address could not be read';
  }
}
