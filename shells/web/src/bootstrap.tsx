import './zod-jitless';
import '@meritmatch/ui/styles.css';
import { configureWebPlatform } from '@meritmatch/web-session';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ShellApp } from './app/ShellApp';
import { loadConfirmationBanner, needsConfirmation } from './confirmation/banner-slot';
import { registerAreas } from './federation/areas';
import { preloadOwnAreaOpened } from './federation/preload';
import { loadRuntimeConfig } from './federation/runtime-config';

const container = document.getElementById('root')!;

async function start() {
  const config = await loadRuntimeConfig();
  registerAreas(config);
  let navigate: ((path: string) => void) | undefined;
  const platform = configureWebPlatform({
    apiBaseUrl: config.apiBaseUrl,
    // SPEC.md section 4: any 401 clears the session (done by the client) and goes to /login
    onUnauthorized: () => navigate?.('/login'),
  });
  // confirm a stored session once: a 401 (expired, suspended) clears it and opens /login; the
  // answer's user is kept (a session stored before addresses were confirmed learns it here)
  platform.refreshUser().catch(() => undefined);
  const user = platform.session.get()?.user;
  if (user) preloadOwnAreaOpened(user.userType, location.pathname);
  // a banner known to be needed is there in the first render, so the page below does not move
  if (needsConfirmation(user)) await loadConfirmationBanner().catch(() => undefined);
  const app = <ShellApp platform={platform} router={BrowserRouter} onNavigate={(fn) => (navigate = fn)} />;
  // `/`, `/login` and `/register` arrive prerendered as a signed-out visitor sees them: React
  // takes that markup over, as a transition, so that it yields to the browser every few
  // milliseconds instead of blocking it (the page is already painted, and its controls stay
  // disabled until hydrated); anyone else (signed in, or on another page) gets a fresh render
  if (container.hasChildNodes() && !platform.session.get())
    startTransition(() => {
      hydrateRoot(container, app);
    });
  else createRoot(container).render(app);
}

start().catch((error: unknown) => {
  console.error('MeritMatch could not start', error);
  createRoot(container).render(
    <main className="container page">
      <h1>MeritMatch is unavailable</h1>
      <p className="muted">
        The application could not load its configuration. Please reload the page in a moment.
      </p>
    </main>,
  );
});
