/**
 * Prints the current code of a TOTP secret (base32), and how long it works: the code an admin
 * enrolled with that secret types after the password. For the embedded default's demo admin,
 * whose secret is made once under .data, `npm run admin-code` at the root does the same. Usage:
 *   ADMIN_SECOND_FACTOR_SECRET=… npm run admin-code -w @meritmatch/auth
 */
import { secondFactorPeriodSeconds } from '@meritmatch/contracts';
// the kit's core and the domain alone: the command starts in a fraction of the service's time
import { parseEnv } from '@meritmatch/service-kit/core';
import { z } from 'zod';
import { currentCode, ZTotpSecret } from '../domain/second-factor';

const env = parseEnv(z.object({ ADMIN_SECOND_FACTOR_SECRET: ZTotpSecret }), process.env);
const now = Date.now();
const left = secondFactorPeriodSeconds - (Math.floor(now / 1000) % secondFactorPeriodSeconds);
process.stdout.write(
  `${currentCode(env.ADMIN_SECOND_FACTOR_SECRET, now)} (works for ${left} more seconds)\n`,
);
