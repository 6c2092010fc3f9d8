import { Button, ErrorState, LoadingState } from '@meritmatch/ui';
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
export function RemoteArea({ area }: { area: AreaKey }) {
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

/**
 * The federation runtime's words when a remote needs another version of a shared singleton
 * (React, the router, the session) than the shell runs: "… of shared singleton module X does
 * not satisfy the requirement of Y which needs ^2.0.0".
 */
const incompatible =
  /shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^)\s]+)/;

type BoundaryState = { failed: boolean; mismatch?: { module: string; needs: string } };

class AreaErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    const match = incompatible.exec(error instanceof Error ? error.message : String(error));
    return { failed: true, ...(match ? { mismatch: { module: match[1]!, needs: match[2]! } } : {}) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`The ${this.props.area.label} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { mismatch } = this.state;
    return (
      <div className="container page" data-testid="area-error">
        <ErrorState
          title={`The ${this.props.area.label} could not be loaded.`}
          description={
            mismatch
              ? `This version of the ${this.props.area.label} needs ${mismatch.module} ${mismatch.needs}, which this version of MeritMatch does not have. The rest of the site still works; the area returns once both are updated.`
              : 'This part of MeritMatch is temporarily unavailable. The rest of the site still works; please try again in a moment.'
          }
          action={<Button onClick={this.props.onRetry}>Try again</Button>}
        />
      </div>
    );
  }
}
