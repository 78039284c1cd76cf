import { expect } from 'vitest';
import type { PlanId } from '@citable/contract';
import { createDb } from '../../packages/server/src/db/client';
import { setPlan } from '../../packages/server/src/features/profile/profile';
import { callApi, sessionCookie } from './api';
import type { AppServer } from './app-server';

// Accounts for the tests that do not test sign-up and onboarding themselves: made over HTTP, the
// way the web app makes them (foundation.test.ts drives the same steps through the UI).

export const PASSWORD = 'correct-horse-battery-staple';

export interface Onboarding {
  websites: { name: string; url: string }[];
  industry: string;
  competitors: { name: string; url: string }[];
  goals: string[];
}

export interface NewAccount {
  name: string;
  email: string;
  /** PASSWORD unless given. */
  password?: string;
  onboarding: Onboarding;
  /** A paid plan, set as an operator does (setPlans: the server restarts). */
  plan?: PlanId;
}

export interface Account {
  userId: string;
  email: string;
  password: string;
  /** A session cookie from signing in. */
  cookie: string;
}

/** The e-mail verification link the server sent to `email` (from the dev outbox). */
export async function verificationLink(server: AppServer, email: string): Promise<string> {
  const link = (await server.outbox())
    .filter((message) => message.to === email)
    .flatMap((message) => message.links)
    .find((l) => l.includes('verify-email'));
  expect(link, `verification link to ${email} in the outbox`).toBeTruthy();
  return link!;
}

/** Signs in with e-mail and password; returns the session cookie. */
export async function signIn(server: AppServer, email: string, password = PASSWORD): Promise<string> {
  const response = await callApi(server, '/api/auth/sign-in/email', { body: { email, password } });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

/** Signs up, follows the verification link, signs in, completes onboarding and sets the plan if one is named. */
export async function signUpAndOnboard(server: AppServer, account: NewAccount): Promise<Account> {
  const { name, email, password = PASSWORD } = account;
  expect((await callApi(server, '/api/auth/sign-up/email', { body: { name, email, password } })).status).toBe(200);
  await fetch(await verificationLink(server, email), { redirect: 'manual' });
  const cookie = await signIn(server, email, password);
  const onboarding = await callApi(server, '/api/profile/onboarding', { body: account.onboarding, cookie });
  expect(onboarding.status, await onboarding.clone().text()).toBe(200);
  const { user_id: userId } = (await onboarding.json()) as { user_id: string };
  const created = { userId, email, password, cookie };
  if (account.plan) await setPlans(server, [[created, account.plan]]);
  return created;
}

/**
 * Sets plans the way an operator does without a billing provider (`citable admin set-plan`): the
 * server stops, the profile service writes to its database, and the server starts again.
 */
export async function setPlans(server: AppServer, plans: [Account, PlanId][]): Promise<void> {
  await server.restart(async (dataDir) => {
    const handle = await createDb({ dataDir });
    try {
      for (const [account, plan] of plans) await setPlan(handle.db, account.userId, plan);
    } finally {
      await handle.close();
    }
  });
}
