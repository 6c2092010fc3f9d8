import { eventSchema } from '@meritmatch/contracts';
import { uniqueName } from '@meritmatch/testkit';
import { Schema } from 'mongoose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { buildEvent } from './events';
import { connectMongo } from './mongo';
import { outboxSchemaFields, withInitialEvents } from './outbox';
import { republishAll } from './republish';

const ZGadgetStated = eventSchema('gadget.stated', 1, z.object({ gadgetId: z.string(), name: z.string() }));
const stated = (gadgetId: string, name: string) =>
  buildEvent(ZGadgetStated, {
    type: 'gadget.stated',
    version: 1,
    aggregateId: gadgetId,
    data: { gadgetId, name },
    source: 'republish-test',
  });

describe('republishAll: a topic rebuilt from its owner data', () => {
  const connecting = connectMongo({ url: inject('infra').mongoUrl, dbName: uniqueName('republish') });
  afterAll(async () => (await connecting).close());

  it("queues every document's current state in its outbox, beside what was still pending", async () => {
    const connection = await connecting;
    const Gadget = connection.model(
      'Gadget',
      new Schema(
        { _id: String, name: String, ...outboxSchemaFields },
        { versionKey: false, minimize: false },
      ),
    );
    await Gadget.create({ _id: 'g1', name: 'one' });
    await Gadget.create({ _id: 'g2', name: 'two', ...withInitialEvents([stated('g2', 'two')]) });
    await Gadget.create({ _id: 'g3', name: 'gone' });

    const queued = await republishAll<{ _id: string; name: string }>(Gadget, (gadget) =>
      gadget.name === 'gone' ? [] : [stated(gadget._id, gadget.name)],
    );

    expect(queued).toBe(2);
    const stored = await Gadget.find().sort({ _id: 1 }).lean();
    expect(stored.map((gadget) => [gadget._id, gadget._outboxPending, gadget._outboxCount])).toEqual([
      ['g1', true, 1],
      ['g2', true, 2],
      ['g3', false, 0],
    ]);
    expect(stored[0]!._outbox[0]).toMatchObject({
      type: 'gadget.stated',
      aggregateId: 'g1',
      data: { name: 'one' },
    });
  });
});
