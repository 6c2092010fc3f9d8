import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './api';
import { fillHappyDomGaps } from './happy-dom-gaps';

fillHappyDomGaps();
// findBy… and waitFor wait up to 10 s: a busy machine renders slowly (a lazy page's first import
// is transformed on demand), a broken screen never renders
configure({ asyncUtilTimeout: 10000 });

// a call no test answered is a failure, not a silent pass
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
