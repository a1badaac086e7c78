import type { ExecFileSyncOptions } from 'node:child_process';

export declare const repoRoot: string;
export declare const STAMP_FILE: string;
export declare const targets: { workspace: string; output: string; sources: string[] }[];
export interface BuildOptions {
  /** Another repository root (tests). */
  root?: string;
  /** The environment the builds start from; NODE_ENV is always production. */
  env?: NodeJS.ProcessEnv;
  /** Runs `npm <args>` (tests replace it). */
  run?: (args: string[], options: ExecFileSyncOptions) => unknown;
}
export declare function buildWhatIsStale(log: (line: string) => void, options?: BuildOptions): void;
