import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A packed file is held while a part of it is still to be read, and let go once every part is
// (src/store/packed-release.ts, packed-elements.ts): a release kept by an isolate must not keep its
// object's bytes too. Collection needs --expose-gc, so the reads run in a Node process of their own.
describe("a bucket release's packed object", () => {
  it('is let go once every part of it is read, and held while one is not', () => {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'test/helpers/packed-file-lifetime.ts'],
      { encoding: 'utf8' },
    );
    const { held } = JSON.parse(out.trim().split('\n').at(-1)!) as { held: Record<string, boolean> };
    expect(held).toEqual({
      'nothing read': true,
      'every part read': false,
      'every element read by id, and every other part': false,
      'the listed forms and every other part, no element': true,
      'every part but one search index': true,
    });
  });
});
