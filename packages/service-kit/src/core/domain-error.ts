/**
 * What domain code throws when a rule says no: a reason in the product's words (for example
 * `request.not-found` or `request.illegal-transition`) and the facts behind it. It knows no
 * HTTP status and no screen text; each service maps its reasons to both once, at its edge
 * (`http/errors.ts`), with a table that the type checker keeps complete.
 */
export class DomainError<Reason extends string = string> extends Error {
  override name = 'DomainError';
  constructor(
    readonly reason: Reason,
    readonly facts: Record<string, string | number | boolean | null> = {},
  ) {
    super(reason);
  }
}

/**
 * Reasons the aggregate store itself gives: another writer changed the aggregate each time
 * it was read (`aggregate.contended`), there is none to update (`aggregate.missing`, unless
 * the store names its own reason), or an idempotency key came back with another request
 * (`command.key-reused`).
 */
export type StoreErrorReason = 'aggregate.contended' | 'aggregate.missing' | 'command.key-reused';
