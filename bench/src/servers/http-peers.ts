/**
 * The peers of the framework and gateway-hop cases, one per process:
 *   node --import tsx http-peers.ts <node|fastify|hono|service|forwarder> <port> [upstream]
 * `node`, `fastify`, `hono` (Hono on @hono/node-server alone, the framework the services are
 * built on) and `service` (the service kit's app: Hono with every middleware a service has)
 * answer the same JSON document at the same path; `forwarder` is a minimal keep-alive proxy on
 * undici that passes every request to `upstream`, the peer of the gateway.
 */
import { createServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createLogger, createServiceApp } from '@meritmatch/service-kit';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { Pool } from 'undici';
import { benchPayload, benchRoute } from './payload';

const [mode, portText, upstream] = process.argv.slice(2);
const port = Number(portText);
const body = benchPayload();

async function start() {
  if (mode === 'node') {
    const server = createServer((request, response) => {
      if (request.url === benchRoute) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      } else {
        response.writeHead(404).end();
      }
    });
    server.keepAliveTimeout = 60000;
    server.listen(port, '127.0.0.1');
    return;
  }
  if (mode === 'fastify') {
    const app = Fastify({ logger: false });
    app.get(benchRoute, async () => body);
    await app.listen({ port, host: '127.0.0.1' });
    return;
  }
  if (mode === 'hono') {
    const app = new Hono();
    app.get(benchRoute, (c) => c.json(body));
    serve({ fetch: app.fetch, hostname: '127.0.0.1', port });
    return;
  }
  if (mode === 'service') {
    const app = createServiceApp({ service: 'bench', logger: createLogger('bench', 'warn') });
    app.get(benchRoute, (c) => c.json(body));
    serve({ fetch: app.fetch, hostname: '127.0.0.1', port });
    return;
  }
  if (mode === 'forwarder' && upstream) {
    const pool = new Pool(upstream, { connections: 64, pipelining: 1 });
    const server = createServer(async (request, response) => {
      try {
        const answer = await pool.request({
          path: request.url ?? '/',
          method: (request.method ?? 'GET') as 'GET',
          headers: request.headers,
          body: request.method === 'GET' || request.method === 'HEAD' ? null : request,
        });
        response.writeHead(answer.statusCode, answer.headers as Record<string, string>);
        for await (const chunk of answer.body) response.write(chunk);
        response.end();
      } catch {
        response.writeHead(502).end();
      }
    });
    server.keepAliveTimeout = 60000;
    server.listen(port, '127.0.0.1');
    return;
  }
  throw new Error(`unknown mode ${mode}`);
}

await start();
process.stdout.write(`ready ${mode} ${port}\n`);
