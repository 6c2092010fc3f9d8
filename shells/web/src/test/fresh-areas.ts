import { resetArea } from '../federation/areas';
import { areaKeys } from '../federation/runtime-config';
import { remotes } from './fake-federation';

/** Before each test: every remote serves its small app again, and no area load of an earlier test is kept. */
export function freshAreas() {
  remotes.reset();
  for (const key of areaKeys) resetArea(key);
}
