import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './api';
import { fillHappyDomGaps } from './happy-dom-gaps';

fillHappyDomGaps();
// a lazy page's first import is transformed on demand: on a busy two-core machine that
// took longer than Testing Library's 1 s default for `findBy…`
configure({ asyncUtilTimeout: 3000 });

// a call no test answered is a failure, not a silent pass
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
