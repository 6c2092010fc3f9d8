/**
 * The demo data (`npm start -- --demo`): `seed.ts` drives the public API, `plan.ts` draws each
 * job seeker from `data.ts` with the seeded generator of `random.ts`, `client.ts` sends the calls.
 */

export { cities } from './data';
export { type Random, seededRandom } from './random';
export { type DemoOptions, demoAccounts, seedDemo, unconfirmedDemoAccounts } from './seed';
