import '@meritmatch/ui/styles.css';
import { configureWebPlatform, WebPlatformProvider } from '@meritmatch/web-session';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';

// replaced at build time by the web build's DefinePlugin
declare const process: { env: { API_BASE_URL?: string } };

/**
 * An area's standalone mode, for working on it alone (npm run dev): the same App the shell
 * loads, mounted at `base` (e.g. '/admin') with its own session client against the gateway.
 */
export function mountStandalone({ base, App }: { base: string; App: ComponentType }) {
  const platform = configureWebPlatform({
    apiBaseUrl: process.env.API_BASE_URL ?? 'http://127.0.0.1:4100/api',
    onUnauthorized: () => window.location.assign(base),
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <WebPlatformProvider value={platform}>
        <BrowserRouter>
          <Routes>
            <Route path={`${base}/*`} element={<App />} />
            <Route path="*" element={<Navigate to={base} replace />} />
          </Routes>
        </BrowserRouter>
      </WebPlatformProvider>
    </StrictMode>,
  );
}
