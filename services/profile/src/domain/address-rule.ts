/**
 * An account's address and the admin's rule on it, "Only confirmed addresses are searchable and
 * can be verified" (System Settings). Both reach this service by events: whether the address is
 * confirmed on `users` (the auth service's), the rule on `system-settings` (the notifications
 * service's).
 */
export type AddressState = {
  emailConfirmed: boolean;
  /** The rule: with it on, an unconfirmed address keeps a candidate out of search and an employer unverified. */
  confirmedAddressesOnly: boolean;
};

/** What a profile knows before any event said otherwise: not confirmed, and the rule off (its default). */
export const unknownAddress: AddressState = { emailConfirmed: false, confirmedAddressesOnly: false };

/** Whether an address passes the rule: it is confirmed, or the rule is off. */
export const addressPasses = ({ emailConfirmed, confirmedAddressesOnly }: AddressState) =>
  emailConfirmed || !confirmedAddressesOnly;
