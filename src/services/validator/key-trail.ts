import { keyPath } from '../../core/paths.js';

const INDEX = 0;
const OBJECT_KEY = 1;
const RECORD_KEY = 2;

/**
 * The keys and indexes from the root to the value a walk is at, kept as a stack: the path string is
 * built only when asked for (for a finding), never per visited value. Rendering: an index is
 * `[i]`; a key is `.key`, or `["key"]` when it is not a plain identifier, except that an object key
 * at the root is written as it is.
 */
export class KeyTrail {
  private readonly steps: Array<string | number> = [];
  private readonly kinds: number[] = [];

  pushIndex(i: number): void {
    this.steps.push(i);
    this.kinds.push(INDEX);
  }

  pushObjectKey(key: string): void {
    this.steps.push(key);
    this.kinds.push(OBJECT_KEY);
  }

  pushRecordKey(key: string): void {
    this.steps.push(key);
    this.kinds.push(RECORD_KEY);
  }

  pop(): void {
    this.steps.pop();
    this.kinds.pop();
  }

  /** The JSON path of the current value ('' at the root). */
  path(): string {
    let out = '';
    for (let i = 0; i < this.steps.length; i++) {
      const step = this.steps[i]!;
      if (this.kinds[i] === INDEX) out += `[${step}]`;
      else if (this.kinds[i] === OBJECT_KEY && out === '') out = step as string;
      else out = keyPath(out, step as string);
    }
    return out;
  }
}
