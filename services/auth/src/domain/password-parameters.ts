import type { Algorithm } from '@node-rs/argon2';

// Algorithm is a const enum the compiler cannot inline here; 2 is Algorithm.Argon2id.
const argon2id = 2 as Algorithm;

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): a wait nobody
 * notices at sign-in, memory-hard so a GPU farm gains little. The
 * sign-in benchmark (bench/) shows what this costs in throughput.
 */
export const passwordHashing = {
  algorithm: argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * The nice value of the hashing threads (the event loop keeps the process's own, 0): under a
 * burst of sign-ins the hashes use every core that is free, but the event loop (health checks,
 * token checks, every other route) is scheduled first.
 */
export const hashingNice = 10;
