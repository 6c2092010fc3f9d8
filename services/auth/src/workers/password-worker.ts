import { setPriority } from 'node:os';
import { hashingNice, passwordHashing } from '../domain/password-parameters';
import { type PasswordTask, passwordWork } from './password-work';

// Linux keeps a nice value per thread, and setpriority(2) for "0" is this thread alone; elsewhere
// it would be the whole process, so the threads keep its priority there.
if (process.platform === 'linux') setPriority(0, hashingNice);

/**
 * Runs in one of the hashing pool's worker threads (passwords.ts), at a lower scheduling
 * priority than the event loop: the hash is computed on this thread, synchronously.
 */
export default function passwordWorker(task: PasswordTask): string | boolean {
  return passwordWork(task, passwordHashing);
}
