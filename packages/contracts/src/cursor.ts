import { z } from 'zod';

/**
 * Paging by cursor, for lists that only grow (the contact log): `nextCursor` is where the next
 * page starts, to be sent back as it is; `hasNext` says the same as for numbered pages, so a
 * caller loops on it in both kinds. Entries added meanwhile never shift a page, as they do an
 * offset.
 */
export const ZCursorPagination = z
  .strictObject({ hasNext: z.boolean(), nextCursor: z.string().min(1).nullable() })
  .refine((pagination) => pagination.hasNext === (pagination.nextCursor !== null), {
    message: 'nextCursor is given exactly when hasNext',
  });
export type CursorPagination = z.infer<typeof ZCursorPagination>;

/** Longer than any cursor this API writes, so an oversized one is refused before it is decoded. */
const cursorMaxLength = 400;

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const fromBase64Url = (text: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0)),
  );

/**
 * An opaque cursor over a position: the position's JSON in base64url, read back only if it fits
 * `position` again. Clients never look inside; the server checks what it gets, so a forged
 * cursor is a position like any other, and a damaged one a 400 (`query`, below).
 */
export function opaqueCursor<Position>(position: z.ZodType<Position>) {
  const encode = (value: Position) => toBase64Url(JSON.stringify(position.parse(value)));
  const decode = (text: string): Position | undefined => {
    if (text.length > cursorMaxLength || !/^[\w-]+$/.test(text)) return undefined;
    try {
      return position.safeParse(JSON.parse(fromBase64Url(text))).data;
    } catch {
      return undefined; // not base64url, not UTF-8 or not JSON
    }
  };
  /** The `cursor` query parameter: absent or blank is the first page, anything unreadable `message`. */
  const query = (message: string) =>
    z
      .string({ message })
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text.trim() === '') return undefined;
        const value = decode(text);
        if (value === undefined) ctx.issues.push({ code: 'custom', message, input: text });
        return value;
      });
  return { encode, decode, query };
}
