import type { UserWorkspaceConfig } from 'vitest/config';

/** The vitest project of a web app: happy-dom, tests beside the code, the fake API set up. */
export declare function webTestProject(name: string): UserWorkspaceConfig;
