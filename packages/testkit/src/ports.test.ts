import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ephemeralLow, PortReserver, reservableRange } from './ports';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Listens on the port (0: one the system picks); answers the port. */
function listenOn(port: number) {
  const server = createServer();
  servers.push(server);
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve((server.address() as AddressInfo).port));
  });
}

/** A port the system found free a moment ago, with nothing listening on it now. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const lockDir = () => mkdtempSync(join(tmpdir(), 'ports-'));
const alwaysFree = async () => true;

describe('reserving ports across test processes', () => {
  it('never gives one port to two reservers, however they interleave', async () => {
    const dir = lockDir();
    const range = { low: 40100, high: 40109 };
    const first = new PortReserver({ dir, range, isFree: alwaysFree, pid: process.pid });
    const second = new PortReserver({ dir, range, isFree: alwaysFree, pid: process.pid, random: () => 0.5 });
    const ports = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second).reserve()),
    );
    expect(new Set(ports).size).toBe(10);
    expect([...ports].sort()).toEqual(Array.from({ length: 10 }, (_, i) => 40100 + i));
    await expect(first.reserve()).rejects.toThrow('no free port between 40100 and 40109');
  });

  it('gives a port back on release, and not before', async () => {
    const dir = lockDir();
    const range = { low: 40200, high: 40200 };
    const first = new PortReserver({ dir, range, isFree: alwaysFree });
    const second = new PortReserver({ dir, range, isFree: alwaysFree });
    const port = await first.reserve();
    await expect(second.reserve()).rejects.toThrow('no free port');
    await first.release([port]);
    expect(first.holds(port)).toBe(false);
    await expect(second.reserve()).resolves.toBe(port);
  });

  it('takes over the reservation of a process that is gone, never of one that runs', async () => {
    const dir = lockDir();
    const range = { low: 40300, high: 40300 };
    writeFileSync(join(dir, '40300'), '999999');
    const running = new PortReserver({ dir, range, isFree: alwaysFree, isAlive: () => true });
    await expect(running.reserve()).rejects.toThrow('no free port');
    const gone = new PortReserver({ dir, range, isFree: alwaysFree, isAlive: () => false, pid: 4242 });
    await expect(gone.reserve()).resolves.toBe(40300);
    expect(readFileSync(join(dir, '40300'), 'utf8')).toBe('4242');
  });

  it('treats a reservation being written (still empty) as held', async () => {
    const dir = lockDir();
    writeFileSync(join(dir, '40400'), '');
    const reserver = new PortReserver({
      dir,
      range: { low: 40400, high: 40400 },
      isFree: alwaysFree,
      isAlive: () => false,
    });
    await expect(reserver.reserve()).rejects.toThrow('no free port');
  });

  it('skips a port something already listens on, and leaves no reservation for it', async () => {
    const dir = lockDir();
    // ports the system picked as free, so that nothing else on the machine is in the way
    const taken = await listenOn(0);
    const free = await freePort();
    const reserver = new PortReserver({ dir, range: { low: taken, high: taken } });
    await expect(reserver.reserve()).rejects.toThrow('no free port');
    expect(() => readFileSync(join(dir, String(taken)), 'utf8')).toThrow();
    const other = new PortReserver({ dir, range: { low: free, high: free } });
    await expect(other.reserve()).resolves.toBe(free);
    await listenOn(free); // what the reserved port was for can listen on it
  });

  it('reserves below the range the system hands out for outgoing connections', () => {
    expect(ephemeralLow(() => '32768\t60999\n')).toBe(32768);
    expect(ephemeralLow(() => '49152 65535')).toBe(49152);
    expect(ephemeralLow(() => 'nonsense')).toBe(32768);
    expect(
      ephemeralLow(() => {
        throw new Error('no such file');
      }),
    ).toBe(32768);
    const { low, high } = reservableRange();
    expect(low).toBe(20000);
    expect(high).toBe(ephemeralLow() - 1);
  });
});
