// Types of cli/build/script-record.mjs.
export declare const WORKER_SCRIPT: string;
export declare const BUILD_FILES: string[];
export declare const recordOf: (outfile: string) => string;
export declare const eagerByDefault: () => boolean;
export declare function isCurrent(outfile: string, eager: boolean): boolean;
export declare function labelTextsCurrent(module?: string): boolean;
export declare function markLabelTextsCurrent(module?: string): void;
