import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Upstreams = { shell: string; gateway: string; remotes: Record<string, string> };

/**
 * The compose path's one public origin (docker/proxy/nginx.conf) without containers: `/api/` to
 * the gateway, `/mfe/<area>/` to that area's remote, everything else to the shell. Bodies are
 * passed through as they come (compressed by the upstream, as nginx passes them).
 */
export async function startOneOrigin(upstreams: Upstreams) {
  const agent = new Agent({ keepAlive: true });
  const targetOf = (path: string): URL => {
    if (path.startsWith('/api/')) return new URL(path, upstreams.gateway);
    const remote = /^\/mfe\/([a-z]+)(\/.*)$/.exec(path);
    if (remote) {
      const base = upstreams.remotes[remote[1]!];
      if (!base) throw new Error(`no remote ${remote[1]}`);
      return new URL(remote[2]!, base);
    }
    return new URL(path, upstreams.shell);
  };
  const server = createServer((incoming, outgoing) => {
    let target: URL;
    try {
      target = targetOf(incoming.url ?? '/');
    } catch {
      outgoing.writeHead(404).end();
      return;
    }
    const forwarded = request(
      target,
      { method: incoming.method, headers: { ...incoming.headers, host: target.host }, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.close();
      server.closeAllConnections();
      agent.destroy();
    },
  };
}
