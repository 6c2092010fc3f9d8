import type { UserStatus, UserType } from '@meritmatch/contracts';
import {
  isDuplicateKeyError,
  outboxSchemaFields,
  type PendingEvent,
  withDocumentLock,
  withEvents,
  withInitialEvents,
} from '@meritmatch/service-kit';
import { type Connection, Schema } from 'mongoose';

export type UserDoc = {
  /** The e-mail, lower-cased: sign-in is one `_id` lookup, and uniqueness is case-insensitive. */
  _id: string;
  userId: string;
  email: string;
  passwordHash: string;
  userType: UserType;
  status: UserStatus;
  createdAt: Date;
  statusChangedAt: Date;
};

export type User = Omit<UserDoc, '_id' | 'passwordHash'>;

const userSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, unique: true },
    email: { type: String, required: true },
    passwordHash: { type: String, required: true },
    userType: { type: String, required: true, enum: ['job_seeker', 'employer', 'admin'] },
    status: { type: String, required: true, enum: ['active', 'suspended', 'deleted'] },
    createdAt: { type: Date, required: true },
    statusChangedAt: { type: Date, required: true },
    ...outboxSchemaFields,
  },
  { versionKey: false, minimize: false },
);

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const toUser = ({ userId, email, userType, status, createdAt, statusChangedAt }: UserDoc): User => ({
  userId,
  email,
  userType,
  status,
  createdAt,
  statusChangedAt,
});

export class EmailTakenError extends Error {}

export function createUserRepository(connection: Connection) {
  const Users = connection.model('User', userSchema, 'users');
  return {
    model: Users,

    /** Inserts the account and its events in one write; an e-mail in use is an EmailTakenError. */
    async insert(doc: Omit<UserDoc, '_id'>, events: PendingEvent[]) {
      try {
        await Users.create({ _id: normalizeEmail(doc.email), ...doc, ...withInitialEvents(events) });
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new EmailTakenError(doc.email);
        throw error;
      }
      return doc.email;
    },

    async findCredentials(email: string) {
      return Users.findById(normalizeEmail(email)).lean<UserDoc>();
    },

    async findById(userId: string): Promise<User | null> {
      const doc = await Users.findOne({ userId }).lean<UserDoc>();
      return doc ? toUser(doc) : null;
    },

    async list(): Promise<User[]> {
      const docs = await Users.find({}, { passwordHash: 0, _outbox: 0 })
        .sort({ createdAt: -1 })
        .lean<UserDoc[]>();
      return docs.map(toUser);
    },

    /** Changes the status together with its event; answers the key of the changed document, or null. */
    async setStatus(userId: string, status: UserStatus, at: Date, events: PendingEvent[]) {
      const found = await Users.findOne({ userId }, { _id: 1 }).lean<{ _id: string }>();
      if (!found) return null;
      await withDocumentLock(Users, found._id, () =>
        Users.updateOne({ _id: found._id }, withEvents({ $set: { status, statusChangedAt: at } }, events)),
      );
      return found._id;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
