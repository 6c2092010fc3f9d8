import { passwordHashing } from '../domain/password-parameters';
import { passwordWork } from '../workers/password-work';
import { passwordHashingOn } from '../workers/passwords';

/**
 * argon2id as the service hashes, on the test's own thread and at the lowest cost argon2 takes
 * (1 MiB, 1 pass): route tests hash hundreds of passwords, and would otherwise wait for a
 * worker thread and the production cost each time. A check reads the cost from the stored hash.
 */
export const quickPasswordHashing = passwordHashingOn(async (task) =>
  passwordWork(task, { ...passwordHashing, memoryCost: 1024, timeCost: 1 }),
);
