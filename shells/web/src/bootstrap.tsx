import '@meritmatch/ui/styles.css';
import { configureWebPlatform, WebPlatformProvider } from '@meritmatch/web-session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { registerAreas } from './federation/areas';
import { loadRuntimeConfig } from './federation/runtime-config';

const root = createRoot(document.getElementById('root')!);

async function start() {
  const config = await loadRuntimeConfig();
  registerAreas(config);
  let router: ReturnType<typeof createAppRouter> | undefined;
  const platform = configureWebPlatform({
    apiBaseUrl: config.apiBaseUrl,
    // SPEC.md section 4: any 401 clears the session (done by the client) and goes to /login
    onUnauthorized: () => void router?.navigate('/login', { replace: true }),
  });
  router = createAppRouter();
  // confirm a stored session once: a 401 (expired, suspended) clears it and opens /login
  if (platform.session.get()) platform.api('/auth/me').catch(() => undefined);
  root.render(
    <StrictMode>
      <WebPlatformProvider value={platform}>
        <RouterProvider router={router} />
      </WebPlatformProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error('MeritMatch could not start', error);
  root.render(
    <main className="container page">
      <h1>MeritMatch is unavailable</h1>
      <p className="muted">
        The application could not load its configuration. Please reload the page in a moment.
      </p>
    </main>,
  );
});
