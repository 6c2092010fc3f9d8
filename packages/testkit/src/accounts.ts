import { randomBytes } from 'node:crypto';
import { call } from './http';
import type { Stack } from './stack';

export type TestAccount = { id: string; email: string; password: string; token: string; userType: string };

/** Registers a new account through the gateway; e-mails are unique per call. */
export async function registerAccount(
  stack: Stack,
  userType: 'job_seeker' | 'employer',
  email = `${userType.replace('_', '-')}-${randomBytes(4).toString('hex')}@example.com`,
  password = 'kestrel-Tide-42',
): Promise<TestAccount> {
  const answer = await call(`${stack.api}/auth/register`, { body: { email, password, userType } });
  if (answer.status !== 201) throw new Error(`registration failed: ${answer.status} ${answer.text}`);
  return {
    id: answer.body.user.id,
    email: answer.body.user.email,
    password,
    token: answer.body.token,
    userType,
  };
}

export async function signIn(stack: Stack, email: string, password: string) {
  return call(`${stack.api}/auth/login`, { body: { email, password } });
}

export async function adminAccount(stack: Stack): Promise<TestAccount> {
  const answer = await signIn(stack, stack.admin.email, stack.admin.password);
  if (answer.status !== 200) throw new Error(`admin sign-in failed: ${answer.status} ${answer.text}`);
  return {
    id: answer.body.user.id,
    email: stack.admin.email,
    password: stack.admin.password,
    token: answer.body.token,
    userType: 'admin',
  };
}
