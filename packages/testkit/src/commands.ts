/** A MongoDB client's command events, as far as `recordFilters` reads them (monitorCommands: true). */
type CommandSource = {
  on(
    event: 'commandStarted',
    listener: (started: { commandName: string; command: Record<string, unknown> }) => void,
  ): unknown;
};

type Filter = Record<string, unknown>;

/**
 * The filter of every command the client sends for `collection` from now on (find, update,
 * delete, findAndModify), with the command's name: what a test reads to prove that a lookup
 * goes by `_id` alone, the one filter FerretDB on SQLite does not answer by scanning.
 */
export function recordFilters(client: CommandSource, collection: string) {
  const seen: Array<{ command: string; filter: Filter }> = [];
  client.on('commandStarted', ({ commandName, command }) => {
    if (command[commandName] !== collection) return;
    const { filter, query, updates, deletes } = command as {
      filter?: Filter;
      query?: Filter;
      updates?: Array<{ q: Filter }>;
      deletes?: Array<{ q: Filter }>;
    };
    const filters = [filter, query, ...(updates ?? []).map((u) => u.q), ...(deletes ?? []).map((d) => d.q)];
    for (const one of filters) if (one !== undefined) seen.push({ command: commandName, filter: one });
  });
  return seen;
}

/** The field names of a filter, joined: `_id` for a lookup by `_id` alone. */
export const filterFields = (filter: Filter) => Object.keys(filter).join(',');
