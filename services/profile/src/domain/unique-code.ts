import { randomInt } from 'node:crypto';

/**
 * The anonymous code employers see: 'EM' and six random digits (like the spec's EM482910).
 * Random, so it says nothing about the person or about any other code; uniqueness is
 * enforced by a unique index and a collision simply draws again (900,000 codes).
 */
export const newUniqueCode = () => `EM${randomInt(100000, 1000000)}`;
