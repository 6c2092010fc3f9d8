import type { ApiErrorBody } from '@meritmatch/contracts';
import type { z } from 'zod';
import type { SessionStore } from './session';

export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    message: string,
    /** Whether the message came from the server (shown as is) or is a local fallback. */
    readonly fromServer: boolean,
    readonly code?: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export type ApiClientOptions = {
  baseUrl: string;
  session: SessionStore;
  /** Called after a 401 cleared the session: the shell sends the user to /login. */
  onUnauthorized: () => void;
};

export type RequestOptions<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** The contract the answer must fit; a mismatch is an error, never silently used. */
  schema?: S;
  signal?: AbortSignal;
};

/** Answers that say nothing about whether a write was applied: the same write is sent again. */
const unsure = new Set([0, 502, 503, 504]);
/** Pauses before the second and third attempt of a write. */
export const writeRetryDelaysMs = [400, 1200];

const newKey = () =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export type ApiClient = <S extends z.ZodType = z.ZodUnknown>(
  path: string,
  options?: RequestOptions<S>,
) => Promise<z.output<S>>;

/**
 * Calls `/api` with JSON and the bearer token. Any 401 clears the stored session and
 * hands over to `onUnauthorized`. Errors carry the server's message when there is one.
 *
 * Every write carries an Idempotency-Key. When its answer leaves the outcome open (no
 * answer, 502, 503 or 504) it is sent twice more with the same key: the server applies a
 * keyed write once and answers a repeat with the first result, so a retry never doubles it.
 */
export function createApiClient({ baseUrl, session, onUnauthorized }: ApiClientOptions): ApiClient {
  const once = attempt({ root: rootOf(baseUrl), session, onUnauthorized });
  return async (path, options = {}) => {
    const method = options.method ?? 'GET';
    if (method === 'GET') return once(path, options);
    const key = newKey();
    for (let retry = 0; ; retry++) {
      try {
        return await once(path, options, key);
      } catch (error) {
        const delay = writeRetryDelaysMs[retry];
        if (!(error instanceof ApiRequestError) || !unsure.has(error.status) || delay === undefined)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
}

function attempt(transport: Transport) {
  return async <S extends z.ZodType>(
    path: string,
    { method = 'GET', body, query, schema, signal }: RequestOptions<S>,
    idempotencyKey?: string,
  ): Promise<z.output<S>> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const response = await send(transport, path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      query,
      signal,
    });
    const payload = await readJson(response);
    if (!schema) return payload as never;
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
      throw new ApiRequestError(response.status, 'The server sent an unexpected answer', false);
    return parsed.data;
  };
}

/** A file the server sent: its content, and the name its Content-Disposition gave (null for none). */
export type ApiFile = { blob: Blob; fileName: string | null };

export type FileRequestOptions = { query?: Query; signal?: AbortSignal };

export type FileClient = (path: string, options?: FileRequestOptions) => Promise<ApiFile>;

/**
 * Downloads a file from `/api` (a CSV export, say) with the bearer token, refused as the JSON
 * client's calls are: any 401 clears the stored session and hands over to `onUnauthorized`, an
 * error answer carries the server's message, and no connection is 'Cannot reach the server'.
 * A read, so never sent twice.
 */
export function createFileClient({ baseUrl, session, onUnauthorized }: ApiClientOptions): FileClient {
  const transport = { root: rootOf(baseUrl), session, onUnauthorized };
  return async (path, { query, signal } = {}) => {
    const response = await send(transport, path, {
      method: 'GET',
      headers: { Accept: '*/*' },
      query,
      signal,
    });
    // a streamed file can break off half way: that is a lost connection too, not half a file
    const blob = await reachable(() => response.blob());
    return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  };
}

/**
 * The name a Content-Disposition header gives its file: `filename*` (RFC 6266, UTF-8 and
 * percent-encoded) when present, else `filename`, quoted or not; null when it names none.
 */
function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*utf-8'[^']*'([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim()) || null;
    } catch {
      // a malformed encoding: the plain name, if any, is next
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}

type Query = Record<string, string | number | boolean | undefined>;

/** Where the calls go and whose they are. */
type Transport = { root: string; session: SessionStore; onUnauthorized: () => void };

const rootOf = (baseUrl: string) => baseUrl.replace(/\/$/, '');

/**
 * One call to `/api` with the bearer token: the answer when it is a success. Otherwise it
 * throws as every client of the product reports failure: a 401 clears the stored session and
 * hands over to `onUnauthorized`, an answer in the error shape carries the server's message.
 */
async function send(
  { root, session, onUnauthorized }: Transport,
  path: string,
  {
    query,
    headers,
    ...init
  }: Omit<RequestInit, 'headers'> & { headers: Record<string, string>; query?: Query },
): Promise<Response> {
  const url = new URL(`${root}${path}`, globalThis.location?.href);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const token = session.get()?.token;
  const signed = token ? { ...headers, Authorization: `Bearer ${token}` } : headers;
  const response = await reachable(() => fetch(url, { ...init, headers: signed }));
  if (response.ok) return response;
  const payload = await readJson(response);
  if (response.status === 401) {
    session.clear();
    onUnauthorized();
  }
  if (isErrorBody(payload)) {
    throw new ApiRequestError(response.status, payload.message, true, payload.code, payload.details);
  }
  throw new ApiRequestError(response.status, `Request failed (${response.status})`, false);
}

/** Runs a step that needs the network: a lost connection becomes the one 'Cannot reach the server'. */
async function reachable<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'Cannot reach the server. Check your connection and try again.', false);
  }
}

function isErrorBody(payload: unknown): payload is ApiErrorBody {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as ApiErrorBody).message === 'string' &&
    typeof (payload as ApiErrorBody).code === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The message to show for a failed write: the server's message when present, else the fixed text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.fromServer ? error.message : fallback;
}

/**
 * Ends a session on the server (POST /auth/logout), so that the token is refused everywhere,
 * not only forgotten here. Best effort: the browser forgets the session whatever the answer,
 * and `keepalive` lets the call finish while the page moves on.
 */
export async function endSession(baseUrl: string, token: string): Promise<void> {
  const url = new URL(`${baseUrl.replace(/\/$/, '')}/auth/logout`, globalThis.location?.href);
  await fetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': newKey() },
    keepalive: true,
  }).catch(() => undefined);
}
