/** The node flags of `npm start` (the words between `node` and `scripts/start.mjs`). */
export declare function npmStartFlags(repoRoot: string): string[];
