import '@meritmatch/ui/styles.css';
import { configureWebPlatform, type WebPlatform, WebPlatformProvider } from '@meritmatch/web-session';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { registerAreas } from './federation/areas';
import { loadRuntimeConfig } from './federation/runtime-config';

const container = document.getElementById('root')!;

/** Hands the router's navigate to code outside React (the API client's 401 handling). */
function NavigationHandle({ onReady }: { onReady: (navigate: (path: string) => void) => void }) {
  const navigate = useNavigate();
  useEffect(() => onReady((path) => navigate(path, { replace: true })), [navigate, onReady]);
  return null;
}

function App({
  platform,
  onNavigate,
}: {
  platform: WebPlatform;
  onNavigate: (navigate: (path: string) => void) => void;
}) {
  return (
    <StrictMode>
      <WebPlatformProvider value={platform}>
        <BrowserRouter>
          <NavigationHandle onReady={onNavigate} />
          <AppRoutes />
        </BrowserRouter>
      </WebPlatformProvider>
    </StrictMode>
  );
}

async function start() {
  const config = await loadRuntimeConfig();
  registerAreas(config);
  let navigate: ((path: string) => void) | undefined;
  const platform = configureWebPlatform({
    apiBaseUrl: config.apiBaseUrl,
    // SPEC.md section 4: any 401 clears the session (done by the client) and goes to /login
    onUnauthorized: () => navigate?.('/login'),
  });
  // confirm a stored session once: a 401 (expired, suspended) clears it and opens /login
  if (platform.session.get()) platform.api('/auth/me').catch(() => undefined);
  const app = <App platform={platform} onNavigate={(fn) => (navigate = fn)} />;
  // the public pages arrive prerendered for a visitor who is signed out: React takes over that
  // markup; anyone else (signed in, or a page that is not prerendered) gets a fresh render
  if (container.hasChildNodes() && !platform.session.get()) hydrateRoot(container, app);
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
