// Types of cli/build/script-record.mjs.
export declare const WORKER_SCRIPT: string;
export declare const BUILD_FILES: string[];
export declare const recordOf: (outfile: string) => string;
export declare const eagerByDefault: () => boolean;
export declare function isCurrent(outfile: string, eager: boolean): boolean;
export declare function textsCurrent(kind: 'labels' | 'descriptors', stamp?: string, module?: string): boolean;
export declare const allTextsCurrent: () => boolean;
export declare function markTextsCurrent(stamp: string, kind: 'labels' | 'descriptors'): void;
export declare const TEXT_FORM: RegExp;
export declare const TEXT_FORM_REPLACEMENT: string;
