import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { passwordWorkerFile } from './passwords';

describe("the hashing pool's worker module", () => {
  const root = mkdtempSync(join(tmpdir(), 'auth-build-'));
  mkdirSync(join(root, 'dist/cli'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{}');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is the TypeScript file beside the source', () => {
    expect(passwordWorkerFile('/repo/services/auth/src/workers/passwords.ts')).toBe(
      '/repo/services/auth/src/workers/password-worker.ts',
    );
  });

  it("is the build's own entry from the service's bundle and from a command's", () => {
    const worker = join(root, 'dist/workers/password-worker.js');
    expect(passwordWorkerFile(join(root, 'dist/index.js'))).toBe(worker);
    expect(passwordWorkerFile(join(root, 'dist/cli/create-admin.js'))).toBe(worker);
  });
});
