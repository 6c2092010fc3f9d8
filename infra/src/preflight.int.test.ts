import { createServer, type Server } from 'node:net';
import getPort from 'get-port';
import { afterEach, describe, expect, it } from 'vitest';
import { startFerretDB } from './ferretdb';
import { startKafka } from './kafka';
import { InfraError, requireCommand } from './preflight';
import { infraProfile } from './profiles';

describe('the embedded default explains what is missing', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });
  const occupy = async () => {
    const port = await getPort();
    const server = createServer();
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return port;
  };

  it('names a tool that is not installed', () => {
    expect(() => requireCommand('no-such-tool-mm', ['--version'], 'install it')).toThrow(
      new InfraError('no-such-tool-mm is not available: install it'),
    );
  });

  it('refuses to start FerretDB on a port another program holds, naming the variable to change', async () => {
    const port = await occupy();
    const profile = infraProfile(`taken-${port}`, { mongoPort: port });
    await expect(startFerretDB(profile)).rejects.toThrow(
      `port ${port} is taken by another program, so FerretDB cannot start; stop that program or set MM_MONGO_PORT to a free port`,
    );
  });

  it('refuses to start Kafka on a port another program holds', async () => {
    const port = await occupy();
    const profile = infraProfile(`taken-${port}`, { kafkaPort: port, kafkaControllerPort: await getPort() });
    await expect(startKafka(profile)).rejects.toThrow(
      `port ${port} is taken by another program, so Kafka cannot start`,
    );
  });
});
