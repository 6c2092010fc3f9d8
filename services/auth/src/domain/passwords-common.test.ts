import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './passwords-common';

describe('the common-password list', () => {
  it.each(['password', '123456', 'qwerty', 'Password', 'secret123', 'iloveyou', 'letmein'])(
    'refuses %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['correct horse battery staple', 'Tx9!mq-Lupine-47', 'wz4Hk2pQ'])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
