import { LoadingState } from '@meritmatch/ui/feedback';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useMemo,
  useState,
} from 'react';
import { type AreaDefinition, areas, loadArea, resetArea } from '../federation/areas';
import type { AreaKey } from '../federation/runtime-config';

/**
 * One role area, loaded from its remote on first visit. While it loads, a spinner; if it
 * cannot load (server down, time-out, a crash inside), a message in the area only, with
 * a retry: the landing page and the other areas keep working.
 */
export default function RemoteArea({ area }: { area: AreaKey }) {
  const [attempt, setAttempt] = useState(0);
  // a new lazy component per attempt: React caches a failed lazy import forever
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reason to rebuild
  const AreaApp = useMemo<ComponentType>(() => lazy(() => loadArea(area)), [area, attempt]);
  const definition = areas[area];
  return (
    <AreaErrorBoundary
      key={attempt}
      area={definition}
      onRetry={() => {
        resetArea(area);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense
        fallback={
          <div className="container page">
            <LoadingState label={`Loading the ${definition.label}…`} />
          </div>
        }
      >
        <AreaApp />
      </Suspense>
    </AreaErrorBoundary>
  );
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
