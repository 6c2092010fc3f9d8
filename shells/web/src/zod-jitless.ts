import { config } from 'zod/v4/core';

// Zod compiles a fast parser with `new Function` unless told not to, and tries it once to see
// whether it may: under the Content-Security-Policy (no 'unsafe-eval') that try is a violation
// the browser reports in its Issues panel, from the shell's copy of zod and each remote's.
// Zod keeps this setting on `globalThis`, so the remotes' copies read it too; it must be made
// before any schema is built (a schema decides at its creation), hence the first import of
// bootstrap.tsx. Parsing forms and answers without the compiled parser is fast enough.
config({ jitless: true });
