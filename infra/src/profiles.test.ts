import { describe, expect, it } from 'vitest';
import { infraProfile } from './profiles';

const portsOf = (name: string) => {
  const { name: _, dir: __, ...ports } = infraProfile(name);
  return Object.values(ports);
};

describe('the named profiles', () => {
  it('never share a port, so that one run cannot take over another (a container run left behind kept the test ports)', () => {
    const names = ['dev', 'test', 'containers'];
    const all = names.flatMap(portsOf);
    expect(new Set(all).size).toBe(all.length);
    expect(infraProfile('containers').dir).not.toBe(infraProfile('test').dir);
  });
});
