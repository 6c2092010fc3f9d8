import { randomBytes } from 'node:crypto';
import { call, type JsonAnswer } from './http';
import type { Stack } from './stack';

export type TestAccount = { id: string; email: string; password: string; token: string; userType: string };

type ErrorBody = { code?: string; details?: Array<{ path?: string }> };
// biome-ignore lint/suspicious/noExplicitAny: read loosely, as `call` answers
type Answer = JsonAnswer<any>;

/** The service stopped at its deadline before writing anything: the answer asks the client to try again. */
const notCarriedOut = (answer: Answer) =>
  answer.status === 503 &&
  (answer.body as ErrorBody | null)?.code === 'SERVICE_UNAVAILABLE' &&
  ((answer.body as ErrorBody).details ?? []).some((detail) => detail.path === 'deadline');

/**
 * Set-up calls, tried up to three times while the answer says the request was not carried out
 * (the hash of a password on a CI machine running two packages' stacks at once once took past the
 * gateway's 5 s). A client does the same with that answer; any other answer is returned at once.
 */
async function setUpCall(url: string, body: Record<string, unknown>): Promise<Answer> {
  let answer = await call(url, { body });
  for (let attempt = 2; attempt <= 3 && notCarriedOut(answer); attempt++) answer = await call(url, { body });
  return answer;
}

/** Registers a new account through the gateway; e-mails are unique per call. */
export async function registerAccount(
  stack: Stack,
  userType: 'job_seeker' | 'employer',
  email = `${userType.replace('_', '-')}-${randomBytes(4).toString('hex')}@example.com`,
  password = 'kestrel-Tide-42',
): Promise<TestAccount> {
  const answer = await setUpCall(`${stack.api}/auth/register`, { email, password, userType });
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
  const answer = await setUpCall(`${stack.api}/auth/login`, {
    email: stack.admin.email,
    password: stack.admin.password,
  });
  if (answer.status !== 200) throw new Error(`admin sign-in failed: ${answer.status} ${answer.text}`);
  return {
    id: answer.body.user.id,
    email: stack.admin.email,
    password: stack.admin.password,
    token: answer.body.token,
    userType: 'admin',
  };
}
