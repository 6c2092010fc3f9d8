// SPEC.md section 9: a script part gets 120 s to load; the SDK's own default is 20 s
import { remoteLoadTimeoutMs } from '@meritmatch/web-kit/load-timeout';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takePrefetched } from './manifest-prefetch';
import { loadedRemoteVersions } from './remote-versions';

/**
 * Failure handling for remote loading, a plugin of the shell's federation host (host.ts).
 */
export default function remoteLoadingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'meritmatch-remote-loading',
    createScript() {
      return { timeout: remoteLoadTimeoutMs };
    },
    fetch(url, init) {
      return takePrefetched(url) ?? fetch(url, { ...init, signal: AbortSignal.timeout(remoteLoadTimeoutMs) });
    },
    loadRemoteSnapshot(args) {
      const version = args.manifestJson?.metaData.buildInfo.buildVersion;
      if (version) loadedRemoteVersions.set(args.moduleInfo.name, version);
      return args;
    },
    errorLoadRemote({ lifecycle, id, error }) {
      console.error(`[federation] ${id} failed to load during ${lifecycle}`, error);
      // while negotiating shared modules, keep booting with the shell's own copies
      if (lifecycle === 'beforeLoadShare') return undefined;
      // elsewhere the error reaches the area's error boundary
      throw error;
    },
  };
}
