import { type WebPlatform, WebPlatformProvider } from '@meritmatch/web-session';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppRoutes } from './router';

type NavigateTo = (path: string) => void;

/** Hands the router's navigate to code outside React (the API client's 401 handling). */
function NavigationHandle({ onReady }: { onReady: (navigate: NavigateTo) => void }) {
  const navigate = useNavigate();
  // a block, not an expression: what onReady returns must not become the effect's clean-up
  useEffect(() => {
    onReady((path) => navigate(path, { replace: true }));
  }, [navigate, onReady]);
  return null;
}

/**
 * The shell under a router: `BrowserRouter` in the browser, a static router when the public
 * pages are prerendered at build time. Both render this same tree, so the browser can take
 * over the prerendered markup (hydration) without a difference.
 */
export function ShellApp({
  platform,
  router: Router,
  onNavigate,
}: {
  platform: WebPlatform;
  router: (props: { children: ReactNode }) => ReactNode;
  onNavigate: (navigate: NavigateTo) => void;
}) {
  return (
    <StrictMode>
      <WebPlatformProvider value={platform}>
        <Router>
          <NavigationHandle onReady={onNavigate} />
          <AppRoutes />
        </Router>
      </WebPlatformProvider>
    </StrictMode>
  );
}
