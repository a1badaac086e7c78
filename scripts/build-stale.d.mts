export declare const repoRoot: string;
export declare function buildWhatIsStale(log: (line: string) => void): void;
