import type { ErrorItem } from './envelope.js';

/**
 * The one shape of an operation that either gives a value or fails with a reason. Each branch
 * forbids the other's key, so `r.error === undefined` narrows to the value and back.
 * Tool answers are envelopes (`Answer<T>`, in envelope.ts); this is for everything below and beside them.
 */
export type Result<T, E = ErrorItem> = Success<T> | Failure<E>;
export interface Success<T> {
  readonly value: T;
  readonly error?: never;
}
export interface Failure<E> {
  readonly error: E;
  readonly value?: never;
}

export const success = <T>(value: T): Success<T> => ({ value });
export const failure = <E>(error: E): Failure<E> => ({ error });
