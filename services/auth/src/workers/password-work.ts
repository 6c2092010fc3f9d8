import { hashSync, type Options, verifySync } from '@node-rs/argon2';

/** A password to hash, or a password to check against its stored hash. */
export type PasswordTask = { password: string } | { password: string; passwordHash: string };

/**
 * One hash or one check, on the calling thread: a new hash with `parameters`, a check with those
 * its stored hash names.
 */
export function passwordWork(task: PasswordTask, parameters: Options): string | boolean {
  if (!('passwordHash' in task)) return hashSync(task.password, parameters);
  try {
    return verifySync(task.passwordHash, task.password);
  } catch {
    return false; // a stored hash that is not an argon2 hash matches no password
  }
}
