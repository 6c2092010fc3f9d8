import { decodeJwt } from 'jose';
import { type Connection, Schema } from 'mongoose';
import { describeDevice, type SignedInSession } from '../use-cases/signed-in-session';

type SessionDoc = Omit<SignedInSession, 'id'> & { _id: string };

const sessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    device: { type: String, required: true },
    signedInAt: { type: Date, required: true },
    lastUsedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

/** The record of a token just issued, with the User-Agent of the browser it goes to. */
export function openedSession(token: string, userAgent: string | undefined): SignedInSession {
  const claims = decodeJwt(token);
  const issuedAtMs = typeof claims.iat_ms === 'number' ? claims.iat_ms : (claims.iat ?? 0) * 1000;
  const signedInAt = new Date(issuedAtMs);
  return {
    id: claims.jti ?? '',
    userId: claims.sub ?? '',
    device: describeDevice(userAgent),
    signedInAt,
    lastUsedAt: signedInAt,
    expiresAt: new Date((claims.exp ?? 0) * 1000),
  };
}

/**
 * The sessions each account's list shows (collection `signed_in_sessions`): one record per token
 * issued to a person, written when it is issued, its `lastUsedAt` moved at most once a
 * `touchEverySeconds`. Whether a session still works is decided on reading (signed-in-session.ts).
 */
export function createSignedInSessions(connection: Connection, { touchEverySeconds = 60 } = {}) {
  const Sessions = connection.model('SignedInSession', sessionSchema, 'signed_in_sessions');
  const fromDoc = ({ _id, ...doc }: SessionDoc): SignedInSession => ({ id: _id, ...doc });
  return {
    /** Records a token just issued, with the User-Agent of the browser it goes to. */
    async opened(token: string, userAgent: string | undefined) {
      const { id, ...session } = openedSession(token, userAgent);
      await Sessions.create({ _id: id, ...session });
    },
    /** The session was used now: written only when its last use is older than the interval. */
    async used(sessionId: string, now = new Date()) {
      await Sessions.updateOne(
        { _id: sessionId, lastUsedAt: { $lt: new Date(now.getTime() - touchEverySeconds * 1000) } },
        { $set: { lastUsedAt: now } },
      );
    },
    /** The account's sessions; those past their token's lifetime are dropped as they are read. */
    async forUser(userId: string, now = new Date()): Promise<SignedInSession[]> {
      // FerretDB has no TTL index: the expired go here, and with `sweep`
      await Sessions.deleteMany({ userId, expiresAt: { $lte: now } });
      const docs = await Sessions.find({ userId }).sort({ signedInAt: -1 }).limit(200).lean<SessionDoc[]>();
      return docs.map(fromDoc);
    },
    /** Drops every session past its token's lifetime (with the sign-in limits' upkeep, every minute). */
    /** Every session record of an erased account (devices and times). */
    forget: async (userId: string) => {
      await Sessions.deleteMany({ userId });
    },
    sweep: async (now = new Date()) => {
      await Sessions.deleteMany({ expiresAt: { $lte: now } });
    },
  };
}

export type SignedInSessions = ReturnType<typeof createSignedInSessions>;
