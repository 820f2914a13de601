/** The most recently changed file or folder of the build's sources in the project at `root`. */
export declare function newestSourceChange(root: string): { path: string; mtimeMs: number };
