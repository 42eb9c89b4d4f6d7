// Types of cli/build/script-record.mjs.
export declare const WORKER_SCRIPT: string;
export declare const BUILD_FILES: string[];
export declare const recordOf: (outfile: string) => string;
export declare const eagerByDefault: () => boolean;
export declare function isCurrent(outfile: string, eager: boolean): boolean;
export declare function textsCurrent(kind: 'labels' | 'descriptors', module?: string): boolean;
export declare const allTextsCurrent: () => boolean;
export declare function markTextsCurrent(module: string, kind: 'labels' | 'descriptors'): void;
