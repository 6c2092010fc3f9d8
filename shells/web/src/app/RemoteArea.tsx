import { LoadingState } from '@meritmatch/ui/feedback';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useEffect,
  useState,
} from 'react';
import { type AreaDefinition, areas, loadArea, loadedArea, resetArea } from '../federation/areas';
import type { AreaKey } from '../federation/runtime-config';

/**
 * One role area, loaded from its remote on first visit. While it loads, a spinner; if it
 * cannot load (server down, time-out, a crash inside), a message in the area only, with
 * a retry: the landing page and the other areas keep working.
 */
export default function RemoteArea({ area }: { area: AreaKey }) {
  const [attempt, setAttempt] = useState(0);
  // the frame holds at least a screen's height from the first paint, so the footer below is out of
  // sight before the area comes and is not pushed down in view when it does (layout shift)
  return (
    <div className="area-frame">
      <AreaErrorBoundary
        // each attempt starts afresh: its own loader and its own boundary
        key={`${area}:${attempt}`}
        area={areas[area]}
        onRetry={() => {
          resetArea(area);
          setAttempt((n) => n + 1);
        }}
      >
        <AreaLoader area={area} />
      </AreaErrorBoundary>
    </div>
  );
}

type Loading = { app?: ComponentType; failed?: { error: unknown } };

/**
 * The area's app, shown the moment its code has come. Not through `lazy` and Suspense: React
 * reveals what a Suspense boundary held back no sooner than 300 ms after its fallback showed
 * (its throttle of retries), and a cold area's code comes well before that (bench/README.md, the
 * `areas` case). The app is state set when the load settles, an update React renders at once.
 * An area loaded before (preloaded on idle or hover) shows in the first render, with no spinner.
 */
function AreaLoader({ area }: { area: AreaKey }) {
  const [loading, setLoading] = useState<Loading>(() => {
    const app = loadedArea(area);
    // the load starts with the first render, not once the browser has painted the spinner (the
    // effect below runs after that paint). One load is shared (loadArea); the effect takes its outcome
    if (!app) loadArea(area).catch(() => undefined);
    return { app };
  });
  useEffect(() => {
    if (loading.app) return;
    let current = true;
    loadArea(area).then(
      // its first render is a transition: React yields to the browser every few milliseconds
      // instead of blocking it for the whole area (Lighthouse's Total Blocking Time)
      (module) => current && startTransition(() => setLoading({ app: module.default })),
      (error: unknown) => current && setLoading({ failed: { error } }),
    );
    return () => {
      current = false;
    };
  }, [area, loading.app]);
  // a failure is the boundary's to show, as a crash inside the area is
  if (loading.failed) throw loading.failed.error;
  if (!loading.app)
    return (
      <div className="container page">
        <LoadingState label={`Loading the ${areas[area].label}…`} />
      </div>
    );
  const App = loading.app;
  return <App />;
}

type BoundaryProps = { area: AreaDefinition; onRetry: () => void; children: ReactNode };

// what an area shows when it cannot load comes with the first failure, not with `/`
const AreaFailure = lazy(() => import('./AreaFailure'));

class AreaErrorBoundary extends Component<BoundaryProps, { error?: unknown; failed: boolean }> {
  override state: { error?: unknown; failed: boolean } = { failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`The ${this.props.area.label} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="container page" data-testid="area-error">
        <Suspense fallback={null}>
          <AreaFailure label={this.props.area.label} error={this.state.error} onRetry={this.props.onRetry} />
        </Suspense>
      </div>
    );
  }
}
