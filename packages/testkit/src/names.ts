import { randomBytes } from 'node:crypto';

/** A name no other test run uses: for databases, topic prefixes and consumer groups. */
export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
