import type { Connection } from 'mongoose';
import { findByIds } from '../core/by-ids';
import type { Versioned } from '../core/versioned';
import type { AggregateStore } from './aggregate-store';
import { createSequencedLists } from './sequenced-lists';
import { createProcessQueue } from './write-guard';

type Member = { id: string };

/** The list whose one item says every aggregate stored before the lists existed is in them. */
const completeList = '~complete';

/**
 * Lists of aggregate ids, one per owner (an employer's match requests, a candidate's), for a
 * list read without reading every aggregate there ever was: FerretDB on SQLite pushes a filter
 * down to its storage only when it is `_id` equality alone, and reads and decodes the whole
 * collection for any other (an employer's requests among 5,000: 0.59–0.74 s).
 *
 * Each list is a sequenced list (`sequenced-lists.ts`): a member is an item `<list>:<n>` inserted
 * at the next free position, which a unique `_id` makes atomic on FerretDB too, so writers of
 * every process add at once without a lease and lose nothing (FerretDB loses concurrent updates
 * to one document); the list is read position by position, by `_id`. An id added again (a
 * create retried) is recognised among the list's last items.
 *
 * The aggregate is the truth and a member a guide to it, kept without transactions, as in the
 * subset index: a new aggregate's members are written before it, so none is ever missing; a
 * member whose aggregate was never written (a create refused as a duplicate), or that the
 * reader's `belongs` refuses, is left out when read.
 *
 * Aggregates stored before the lists existed are added by `backfill`, which marks the lists
 * complete when done; until then `complete()` is false and readers scan as before.
 */
export function createMemberLists(connection: Connection, collection: string) {
  const lists = createSequencedLists<Member>(connection, collection);
  let knownComplete = false;

  // the adds of one process to one list take turns: each then goes at the position after the last,
  // where adds at once would clash over it and look for the end again (40 adds by two processes at
  // once: 6.9 s without the turns, 0.65 s with them)
  const inTurn = createProcessQueue();
  const add = (list: string, id: string) =>
    inTurn(list, () => lists.append([{ list, key: id, item: { id } }]));

  /** The ids in the list, newest first (each once). */
  async function members(list: string): Promise<string[]> {
    const { items } = await lists.page(list, 0, Number.MAX_SAFE_INTEGER);
    return [...new Set(items.map((item) => item.id))];
  }

  async function complete(): Promise<boolean> {
    if (!knownComplete) knownComplete = (await lists.page(completeList, 0, 1)).length > 0;
    return knownComplete;
  }

  return {
    add,
    members,
    complete,

    /**
     * The aggregates of the list that `belongs` accepts, newest first, each read by `_id` with
     * `load` (at most 50 at once); those never written, or no longer there, are left out.
     */
    async read<S>(
      list: string,
      load: (id: string) => PromiseLike<S | null>,
      belongs: (state: S) => boolean,
    ): Promise<S[]> {
      return (await findByIds(await members(list), load)).filter(belongs);
    },

    /** The store, whose creates add the new aggregate to each of `listsOf` its state first. */
    following<S extends Versioned & { id: string }>(
      store: AggregateStore<S>,
      listsOf: (state: S) => string[],
    ): AggregateStore<S> {
      return {
        ...store,
        async create(state, events, onDuplicate) {
          await Promise.all(listsOf(state).map((list) => add(list, state.id)));
          return store.create(state, events, onDuplicate);
        },
      };
    },

    /**
     * Adds each stored aggregate missing from its lists (`states`: every one, read once), then
     * marks the lists complete; answers how many members it added. Each list is read once.
     * Run at every start until it has completed once; an aggregate created meanwhile may end
     * up listed twice, which readers do not see.
     */
    async backfill<S extends { id: string }>(
      states: AsyncIterable<S>,
      listsOf: (state: S) => string[],
    ): Promise<number> {
      if (await complete()) return 0;
      const listed = new Map<string, Set<string>>();
      let added = 0;
      for await (const state of states) {
        for (const list of listsOf(state)) {
          let ids = listed.get(list);
          if (!ids) {
            ids = new Set(await members(list));
            listed.set(list, ids);
          }
          if (ids.has(state.id)) continue;
          await add(list, state.id);
          ids.add(state.id);
          added += 1;
        }
      }
      await add(completeList, completeList);
      knownComplete = true;
      return added;
    },
  };
}

export type MemberLists = ReturnType<typeof createMemberLists>;
