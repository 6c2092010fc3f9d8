/** Each route's answered requests and seconds spent, as one process's `/metrics` counts them so far. */
export type RouteTimes = Map<string, { count: number; seconds: number }>;

const durationLine = /^http_request_duration_seconds_(sum|count)\{(.*)\} (\S+)$/;

/** Reads `http_request_duration_seconds` (the service kit's histogram, by method and route) from a `/metrics` text. */
export function parseRouteTimes(metrics: string): RouteTimes {
  const times: RouteTimes = new Map();
  for (const line of metrics.split('\n')) {
    const match = durationLine.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const key = `${labels.method} ${labels.route}`;
    const entry = times.get(key) ?? { count: 0, seconds: 0 };
    if (match[1] === 'sum') entry.seconds = Number(match[3]);
    else entry.count = Number(match[3]);
    times.set(key, entry);
  }
  return times;
}

/** Every process's route times now, read from `{url}/metrics`. */
export async function readRouteTimes(urls: Record<string, string>) {
  const entries = await Promise.all(
    Object.entries(urls).map(async ([name, url]) => {
      const answer = await fetch(`${url}/metrics`);
      return [name, parseRouteTimes(await answer.text())] as const;
    }),
  );
  return new Map(entries);
}

/**
 * What each process's routes answered between two readings: count, mean time and the time in
 * all, the routes that took the most time first. Where a request's time goes across the
 * services: an admin route's mean holds the internal routes of other services it waits on,
 * which appear as rows of their own.
 */
export function routeTimesBetween(before: Map<string, RouteTimes>, after: Map<string, RouteTimes>, top = 15) {
  const rows: { process: string; route: string; count: number; meanMs: number; seconds: number }[] = [];
  for (const [name, times] of after) {
    for (const [route, now] of times) {
      const then = before.get(name)?.get(route) ?? { count: 0, seconds: 0 };
      const count = now.count - then.count;
      if (count <= 0) continue;
      const seconds = now.seconds - then.seconds;
      rows.push({ process: name, route, count, meanMs: (seconds / count) * 1000, seconds });
    }
  }
  return rows.sort((a, b) => b.seconds - a.seconds).slice(0, top);
}
