import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords, from zxcvbn-ts's maintained list (about 49,000 leaked passwords,
 * most common first), compared without regard to case: each of them falls to the first guesses
 * of any attacker, whatever its length.
 */
const common = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export const isCommonPassword = (password: string) => common.has(password.toLowerCase());
