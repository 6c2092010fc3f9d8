import type { Connection } from 'mongoose';

/** The collections of auth's limits whose slots are keyed by an address (`[limit:]address|window|n`). */
const slotsByAddress = [
  'login_attempt_slots',
  'login_failure_slots',
  'password_reset_slots',
  'second_factor_attempt_slots',
  'second_factor_failure_slots',
];

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Drops the limits' counts of an erased account's address. They would go with their window (at
 * most an hour) anyway; an erasure does not wait for that.
 */
export async function forgetAddressInLimits(connection: Connection, email: string) {
  const keyed = new RegExp(`^([a-z-]+:)?${literal(email.toLowerCase())}\\|`);
  for (const name of slotsByAddress) {
    await connection.collection(name).deleteMany({ _id: { $regex: keyed } as never });
  }
}
