import { setPriority } from 'node:os';
import { hashSync, verifySync } from '@node-rs/argon2';
import { hashingNice, passwordHashing } from '../domain/password-parameters';

/** A password to hash, or a password to check against its stored hash. */
export type PasswordTask = { password: string } | { password: string; passwordHash: string };

// Linux keeps a nice value per thread, and setpriority(2) for "0" is this thread alone; elsewhere
// it would be the whole process, so the threads keep its priority there.
if (process.platform === 'linux') setPriority(0, hashingNice);

/**
 * Runs in one of the hashing pool's worker threads (passwords.ts), at a lower scheduling
 * priority than the event loop: the hash is computed on this thread, synchronously.
 */
export default function passwordWork(task: PasswordTask): string | boolean {
  if (!('passwordHash' in task)) return hashSync(task.password, passwordHashing);
  try {
    return verifySync(task.passwordHash, task.password);
  } catch {
    return false; // a stored hash that is not an argon2 hash matches no password
  }
}
