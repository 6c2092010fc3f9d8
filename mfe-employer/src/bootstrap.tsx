import '@meritmatch/ui/styles.css';
import { configureWebPlatform, WebPlatformProvider } from '@meritmatch/web-session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import App from './exposes/App';

/**
 * Standalone mode, for working on this area alone (npm run dev): the same app the shell
 * loads, mounted at /employer with its own session client against the gateway.
 */
const platform = configureWebPlatform({
  apiBaseUrl: process.env.API_BASE_URL ?? 'http://127.0.0.1:4100/api',
  onUnauthorized: () => window.location.assign('/employer'),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WebPlatformProvider value={platform}>
      <BrowserRouter>
        <Routes>
          <Route path="/employer/*" element={<App />} />
          <Route path="*" element={<Navigate to="/employer" replace />} />
        </Routes>
      </BrowserRouter>
    </WebPlatformProvider>
  </StrictMode>,
);
