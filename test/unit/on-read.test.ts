import { describe, expect, it } from 'vitest';
import { defineOnRead } from '../../src/core/on-read.js';

describe('a property made on its first read', () => {
  it('is made once, on its first read, and kept as a data property', () => {
    let made = 0;
    const target = defineOnRead({ a: 1 } as { a: number; b?: string }, 'b', () => `made ${++made}`);
    expect(made).toBe(0);
    expect(Object.keys(target)).toEqual(['a', 'b']);
    expect(made).toBe(0);
    expect(target.b).toBe('made 1');
    expect(target.b).toBe('made 1');
    expect(made).toBe(1);
    expect(Object.getOwnPropertyDescriptor(target, 'b')).toMatchObject({ value: 'made 1', writable: true });
  });

  it('keeps nothing when making it throws: the next read makes it again', () => {
    let calls = 0;
    const target = defineOnRead({} as { b?: number }, 'b', () => {
      if (++calls === 1) throw new Error('not yet');
      return calls;
    });
    expect(() => target.b).toThrow('not yet');
    expect(target.b).toBe(2);
  });

  it('keeps a value written before any read, unmade; a spread reads (and makes) it', () => {
    let made = 0;
    const written = defineOnRead({} as { b?: number }, 'b', () => ++made);
    written.b = 7;
    expect(written.b).toBe(7);
    const spread = { ...defineOnRead({} as { b?: number }, 'b', () => ++made) };
    expect(spread).toEqual({ b: 1 });
    expect(made).toBe(1);
  });
});
