// The types of index.mjs (plain JavaScript, checked with JSDoc, which Node and rspack load as is).
import type { Configuration } from '@rspack/core';

export declare const remoteLoadTimeoutMs: number;
export type SharedRules = {
  singleton: boolean;
  strictVersion: boolean;
  version: string;
  requiredVersion: string;
};
export declare function sharedModules(dir: string): Record<string, SharedRules & { import?: string }>;
export declare function offeredModules(dir: string): Record<string, SharedRules>;
export declare function createWebConfig(options: {
  dir: string;
  name: string;
  port: number;
  exposes?: Record<string, string>;
  title?: string;
}): Configuration;
export declare function createRemoteConfig(
  configUrl: string,
  options: { name: string; port: number; title: string },
): Configuration;
