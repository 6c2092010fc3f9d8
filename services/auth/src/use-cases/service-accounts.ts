import type { ServiceTokenAnswer, ServiceTokenRequest } from '@meritmatch/contracts';
import { type AggregateStore, type Clock, DomainError, systemClock } from '@meritmatch/service-kit';
import { reconcile, type ServiceAccount, secretMatches, serviceAccountId } from '../domain/service-account';
import { userRegistered, userStatusChanged } from '../messaging/user-events';
import type { TokenService } from './tokens';

export type ServiceAccountsDeps = {
  store: AggregateStore<ServiceAccount>;
  list: () => Promise<ServiceAccount[]>;
  tokens: TokenService;
  /** Name → secret, from `SERVICE_ACCOUNTS`. */
  configured: ReadonlyMap<string, string>;
  /** How long a service token lives: short, a service asks again. */
  ttlSeconds: number;
  clock?: Clock;
};

class AlreadyThere extends Error {}

export function createServiceAccounts({
  store,
  list,
  tokens,
  configured,
  ttlSeconds,
  clock = systemClock,
}: ServiceAccountsDeps) {
  const setStatus = (account: ServiceAccount, status: ServiceAccount['status']) =>
    store.change(account.name, (current) => {
      if (current.status === status) return { next: current, events: [] };
      const next = { ...current, status, statusChangedAt: clock() };
      return {
        next,
        events: [
          userStatusChanged(
            {
              userId: current.userId,
              userType: 'service',
              status,
              previousStatus: current.status,
              changedAt: next.statusChangedAt,
              // a service account has no address
              emailConfirmed: false,
            },
            clock,
          ),
        ],
      };
    });

  return {
    /** Brings the stored accounts in line with the configuration (at every start). */
    async sync() {
      const plan = reconcile(new Set(configured.keys()), await list());
      for (const name of plan.create) {
        const now = clock();
        const account: ServiceAccount = {
          name,
          userId: serviceAccountId(name),
          status: 'active',
          statusChangedAt: now,
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        const registered = {
          userId: account.userId,
          userType: 'service' as const,
          status: 'active' as const,
          emailConfirmed: false,
        };
        await store
          .create(
            account,
            [userRegistered({ ...registered, createdAt: now }, clock)],
            () => new AlreadyThere(),
          )
          .catch((error) => {
            // another instance created it at the same moment
            if (!(error instanceof AlreadyThere)) throw error;
          });
      }
      for (const account of plan.restore) await setStatus(account, 'active');
      for (const account of plan.retire) await setStatus(account, 'deleted');
      return plan;
    },

    /** A short-lived token for a service that shows its secret; any mismatch answers alike. */
    async issueToken({ account: name, secret }: ServiceTokenRequest): Promise<ServiceTokenAnswer> {
      const expected = configured.get(name);
      // the comparison runs for unknown names too, so timing tells nothing about which exist
      const matches = secretMatches(secret, expected ?? `unknown:${secret}`) && expected !== undefined;
      const account = matches ? await store.load(name) : null;
      if (account?.status !== 'active') throw new DomainError('service.invalid-credentials');
      const token = await tokens.issue({ userId: account.userId, userType: 'service', ttlSeconds });
      return { token, expiresIn: ttlSeconds };
    },
  };
}

export type ServiceAccounts = ReturnType<typeof createServiceAccounts>;
