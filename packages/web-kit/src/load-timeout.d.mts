/** SPEC.md section 9: the 120 s a script part of the interface gets to load. */
export declare const remoteLoadTimeoutMs: number;
