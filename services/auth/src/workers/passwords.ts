import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PasswordTask } from './password-work';

export { hashingNice, passwordHashing } from '../domain/password-parameters';

/**
 * The worker's module: beside this file when the service runs from source (tsx), and
 * `dist/workers/password-worker.js` in a build, where this code is bundled into `dist/index.js`
 * or `dist/cli/*.js` (the package's `build` script makes it an entry of its own).
 */
export function passwordWorkerFile(here = fileURLToPath(import.meta.url)) {
  if (here.endsWith('.ts')) return join(dirname(here), 'password-worker.ts');
  let root = dirname(here);
  while (!existsSync(join(root, 'package.json'))) {
    const parent = dirname(root);
    if (parent === root) throw new Error(`no package.json above ${here}`);
    root = parent;
  }
  return join(root, 'dist/workers/password-worker.js');
}

let pool: Piscina<PasswordTask, string | boolean> | undefined;

/**
 * The hashing pool (piscina): one worker thread per core at most, started on the first hash
 * and stopped after 30 s without one, so an idle service holds no hashing threads.
 */
function hashingPool() {
  if (pool) return pool;
  const filename = passwordWorkerFile();
  if (!existsSync(filename))
    throw new Error(`the password hashing worker ${filename} is missing; build the service`);
  pool = new Piscina<PasswordTask, string | boolean>({
    filename,
    minThreads: 0,
    maxThreads: availableParallelism(),
    idleTimeout: 30_000,
  });
  return pool;
}

/**
 * Stops the hashing threads now instead of after 30 s without a hash, once no hash is waiting:
 * for a service that has just made its one hash at start (the first admin's), so that it idles
 * without a hashing thread's memory from the start (`npm run bench -- memory`). The next hash
 * starts the pool again.
 */
export async function releaseHashingThreads() {
  const current = pool;
  pool = undefined;
  await current?.close();
}

/** Hashing and checking passwords, wherever the work runs. */
export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  /** Whether `password` is the one `passwordHash` was made from; a failing runner is an error, not a "no". */
  verify: (passwordHash: string, password: string) => Promise<boolean>;
  /** Spends the same time as a real check, so an unknown e-mail cannot be told from a wrong password. */
  verifyAgainstNothing: (password: string) => Promise<false>;
};

/** Password hashing whose every hash and check is done by `run`. */
export function passwordHashingOn(run: (task: PasswordTask) => Promise<string | boolean>): PasswordHashing {
  const hash = async (password: string) => (await run({ password })) as string;
  const verify = async (passwordHash: string, password: string) =>
    (await run({ passwordHash, password })) === true;
  let dummyHash: Promise<string> | undefined;
  return {
    hash,
    verify,
    async verifyAgainstNothing(password) {
      dummyHash ??= hash('not-a-real-password-just-timing');
      await verify(await dummyHash, password);
      return false;
    },
  };
}

/** The service's hashing: on the pool's threads, at the parameters of password-parameters.ts. */
export const pooledPasswordHashing = passwordHashingOn((task) => hashingPool().run(task));
