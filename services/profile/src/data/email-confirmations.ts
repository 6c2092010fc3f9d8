import { documentKey, isDuplicateKeyError, type Platform, writeFilter } from '@meritmatch/service-kit';
import { Schema } from 'mongoose';

/** What the newest `users` event of an account said of its address. */
export type EmailConfirmation = {
  userId: string;
  userType: 'job_seeker' | 'employer';
  emailConfirmed: boolean;
  /** When that event happened: an older event, replayed or late, never overwrites it. */
  saidAt: Date;
  eventId: string;
};

const confirmationSchema = new Schema(
  {
    // keyed by user id: every read and write is one `_id` lookup on FerretDB
    _id: { type: String, required: true },
    userType: { type: String, required: true },
    emailConfirmed: { type: Boolean, required: true },
    saidAt: { type: Date, required: true },
    eventId: { type: String, required: true },
  },
  { versionKey: false },
);

type ConfirmationDoc = Omit<EmailConfirmation, 'userId'> & { _id: string };

/**
 * Whether each job seeker's and employer's address is confirmed, kept from the `users` topic
 * whether or not the person has a profile yet (a job seeker may confirm before creating one; an
 * employer's profile may come at any time). One small document per account, holding what the
 * newest event said.
 */
export function createEmailConfirmations({ connection, guard }: Pick<Platform, 'connection' | 'guard'>) {
  const Confirmations = connection.model('EmailConfirmation', confirmationSchema, 'email_confirmations');
  const read = (userId: string) => Confirmations.findById(userId).lean<ConfirmationDoc>();
  /** Whether `stored` already holds what `fact` says, or something newer. */
  const settles = (stored: ConfirmationDoc | null, fact: EmailConfirmation) =>
    stored !== null &&
    (stored.saidAt > fact.saidAt ||
      (stored.saidAt.getTime() === fact.saidAt.getTime() && stored.emailConfirmed === fact.emailConfirmed));

  return {
    /**
     * Records what an event says unless a newer one said otherwise, and answers what now holds.
     * Idempotent: the same event again changes nothing. Of two events at the same instant, the
     * later read wins (a user's events keep their order on the topic).
     */
    async record(fact: EmailConfirmation): Promise<boolean> {
      // most events repeat what is known (every event of the topic carries it): no lease for them
      const known = await read(fact.userId);
      if (settles(known, fact)) return known!.emailConfirmed;
      return guard.run(documentKey(Confirmations, fact.userId), async () => {
        const stored = await read(fact.userId);
        if (settles(stored, fact)) return stored!.emailConfirmed;
        const { userId, ...fields } = fact;
        try {
          // under a lease (FerretDB) nobody writes between the read and this write, and it goes by
          // `_id` alone; on MongoDB the condition guards it, and a newer fact makes the upsert clash
          const filter = writeFilter(guard, userId, { saidAt: { $lte: fact.saidAt } }) as { _id: string };
          await Confirmations.updateOne(filter, { $set: fields }, { upsert: true }).exec();
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          return (await read(userId))?.emailConfirmed ?? fact.emailConfirmed;
        }
        return fact.emailConfirmed;
      });
    },

    /** Forgets what was recorded of an erased account. */
    async forget(userId: string) {
      await Confirmations.deleteOne({ _id: userId });
    },

    /** Whether the account's address is confirmed; an account no event told of is not. */
    async isConfirmed(userId: string): Promise<boolean> {
      return (await read(userId))?.emailConfirmed ?? false;
    },
  };
}

export type EmailConfirmations = ReturnType<typeof createEmailConfirmations>;
