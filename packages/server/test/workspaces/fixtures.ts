import { eq } from 'drizzle-orm';
import type { PlanId } from '@citable/contract';
import { user } from '../../src/db/schema';
import { setPlan } from '../../src/features/profile/profile';
import { api, signUpVerified, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

export interface Person {
  id: string;
  email: string;
  name: string;
  cookie: string;
}

/** A verified, signed-in user on the given plan. */
export async function person(server: TestServer, label: string, plan: PlanId = 'free'): Promise<Person> {
  const email = uniqueEmail(label);
  const cookie = await signUpVerified(server.baseUrl, { name: label, email, password: STRONG_PASSWORD });
  const [row] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (plan !== 'free') await setPlan(server.db, row.id, plan);
  return { id: row.id, email, name: label, cookie };
}

/** Calls the API as `who`, optionally acting in a client's scope. */
export function as(server: TestServer, who: Person | null, clientId?: string) {
  return (pathname: string, init: { method?: string; body?: unknown } = {}) =>
    api(server.baseUrl, pathname, { ...init, cookie: who?.cookie, headers: clientId ? { 'x-citable-client': clientId } : {} });
}

/** Invites `invitee` with `role` and accepts through the e-mailed link's token. */
export async function join(server: TestServer, inviter: Person, workspaceId: string, invitee: Person, role: 'admin' | 'member' | 'client', clientIds?: string[]): Promise<string> {
  const invited = await as(server, inviter)(`/api/workspaces/${workspaceId}/invitations`, { body: { email: invitee.email, role, clientIds } });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const token = new URL(invited.body.link).searchParams.get('token')!;
  const accepted = await as(server, invitee)('/api/invitations/accept', { body: { token } });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const members = await as(server, inviter)(`/api/workspaces/${workspaceId}/members`);
  return (members.body.members as { id: string; userId: string }[]).find((entry) => entry.userId === invitee.id)!.id;
}
