import {
  type AccountExport,
  type AdminMyData,
  type AuthMyData,
  accountExportFormat,
  type MatchingMyData,
  myDataPath,
  type NotificationsMyData,
  type ProfileMyData,
  ZAccountExport,
  ZAdminMyData,
  ZAuthMyData,
  ZMatchingMyData,
  ZNotificationsMyData,
  ZProfileMyData,
} from '@meritmatch/contracts';
import { ApiError, type AppEnv, gatewayKeyHeader } from '@meritmatch/service-kit';
import type { Context } from 'hono';
import type { z } from 'zod';
import { deadlineMarginMs } from './proxy';
import type { Area } from './routes';
import type { Upstreams } from './upstreams';

const unavailable = (area: Area) =>
  new ApiError(
    'SERVICE_UNAVAILABLE',
    `Your data could not be gathered: the ${area} service is unavailable; please try again shortly`,
    [{ path: 'area', message: area }],
  );

/** A service's own refusal of the caller (a token it no longer accepts), passed on as it is. */
class Refused extends Error {
  constructor(readonly answer: Response) {
    super('refused');
  }
}

export type ExportOptions = {
  services: Record<Area, string>;
  upstreams: Upstreams;
  deadlineAt: number;
  clientAddress: string;
  gatewaySecret: string;
  clock?: () => Date;
};

/**
 * `GET /api/account/export` ("Download my data", GDPR Art. 15 and 20): asks every service for
 * its part (`GET /my-data`, with the caller's own token, through its breaker) at once and
 * merges the parts into one document, parsed by the strict contract before it leaves. If one
 * service cannot answer (down, breaker open, too slow, a 5xx, an answer of another shape) the
 * whole export is a 503 naming it: never a document with a part missing. A 401 or 403 of a
 * service (a token signed out meanwhile) is passed on.
 */
export async function exportAccount(
  c: Context<AppEnv>,
  { services, upstreams, deadlineAt, clientAddress, gatewaySecret, clock = () => new Date() }: ExportOptions,
): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: c.req.header('authorization') ?? '',
    'x-request-id': c.get('requestId'),
    'x-forwarded-for': clientAddress,
    [gatewayKeyHeader]: gatewaySecret,
    'x-request-deadline': String(deadlineAt - deadlineMarginMs),
  };
  const userAgent = c.req.header('user-agent');
  if (userAgent) headers['user-agent'] = userAgent;

  async function part<S extends z.ZodType>(area: Area, schema: S): Promise<z.output<S>> {
    let answer: Awaited<ReturnType<Upstreams['send']>>;
    try {
      answer = await upstreams.send(area, {
        url: new URL(myDataPath, services[area]),
        method: 'GET',
        headers,
        deadlineAt,
      });
    } catch (error) {
      // the breaker's 503 and the time-out's 504 both say the same to the person: try again
      if (error instanceof ApiError) throw unavailable(area);
      throw error;
    }
    if (answer.status === 401 || answer.status === 403) {
      throw new Refused(
        new Response(new Uint8Array(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    if (answer.status !== 200) throw unavailable(area);
    const parsed = schema.safeParse(JSON.parse(Buffer.from(answer.body).toString('utf8')));
    if (!parsed.success) throw unavailable(area);
    return parsed.data;
  }

  let parts: [AuthMyData, ProfileMyData, MatchingMyData, NotificationsMyData, AdminMyData];
  try {
    parts = await Promise.all([
      part('auth', ZAuthMyData),
      part('profile', ZProfileMyData),
      part('matching', ZMatchingMyData),
      part('notifications', ZNotificationsMyData),
      part('admin', ZAdminMyData),
    ]);
  } catch (error) {
    if (error instanceof Refused) {
      error.answer.headers.set('x-request-id', c.get('requestId'));
      return error.answer;
    }
    throw error;
  }
  const [auth, profile, matching, notifications, admin] = parts;
  const document = ZAccountExport.parse(
    compose(c.get('identity').role, clock(), { auth, profile, matching, notifications, admin }),
  );
  c.header('Cache-Control', 'no-store');
  return c.json(document);
}

/** The parts as one document; a part of the other role than the token's is a service's mistake. */
export function compose(
  role: string,
  at: Date,
  parts: {
    auth: AuthMyData;
    profile: ProfileMyData;
    matching: MatchingMyData;
    notifications: NotificationsMyData;
    admin: AdminMyData;
  },
): AccountExport {
  const { auth, profile, matching, notifications, admin } = parts;
  const head = {
    format: accountExportFormat,
    exportedAt: at.toISOString(),
    account: auth.account,
    emailSettings: notifications.emailSettings,
    emails: notifications.emails,
    contactLog: admin.contactLog,
  } as const;
  if (role === 'job_seeker' && profile.role === 'job_seeker' && matching.role === 'job_seeker') {
    return {
      ...head,
      role,
      profile: profile.profile,
      matchRequests: matching.matchRequests,
      searchAppearances: matching.searchAppearances,
      accessLog: profile.accessLog,
    };
  }
  if (role === 'employer' && profile.role === 'employer' && matching.role === 'employer') {
    return { ...head, role, companyProfile: profile.companyProfile, matchRequests: matching.matchRequests };
  }
  throw new Error(`the parts of an export disagree on the role (token: ${role})`);
}
