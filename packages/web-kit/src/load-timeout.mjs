/**
 * SPEC.md section 9: a script part of the interface gets 120 s to load. One value for the
 * build (chunk loading), the federation runtime (remote entries, manifests) and the shell's
 * own guard around an area. Plain JavaScript without imports: the build configuration runs
 * it in Node, and the shell's runtime plugin, which may import no shared module, bundles it.
 */
export const remoteLoadTimeoutMs = 120000;
