import { pino } from 'pino';

export type Logger = pino.Logger;

export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'req.headers.authorization',
        'privateJwk',
        '*.privateJwk',
        'sealedPrivateJwk',
        '*.sealedPrivateJwk',
      ],
      censor: '[redacted]',
    },
  });
}
