import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is a const enum the compiler cannot inline here; 2 is Algorithm.Argon2id.
const argon2id = 2 as Algorithm;

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about
 * 20 ms per hash on this machine's cores, memory-hard so a GPU farm gains little. The
 * sign-in benchmark (bench/) shows what this costs in throughput.
 */
export const passwordHashing = {
  algorithm: argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, passwordHashing);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends the same time as a real check, so an unknown e-mail cannot be told from a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string) {
  dummyHash ??= hashPassword('not-a-real-password-just-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
