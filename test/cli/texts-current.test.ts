import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markTextsCurrent, textsCurrent } from '../../cli/build/script-record.mjs';

describe('the texts beside the script are written again when a source is newer (decision 062)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'texts-current-'));
  const stamp = join(dir, 'stamp');
  const module = join(dir, 'module.ts');
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is stale when the stamp is older than a source or missing, or the module is missing; marking makes it current', () => {
    for (const kind of ['labels', 'descriptors'] as const) {
      rmSync(stamp, { force: true });
      writeFileSync(module, '');
      expect(textsCurrent(kind, stamp, module), `${kind}: no stamp`).toBe(false);
      writeFileSync(stamp, '');
      utimesSync(stamp, new Date(0), new Date(0));
      expect(textsCurrent(kind, stamp, module), `${kind}: a stamp older than the sources`).toBe(false);
      markTextsCurrent(stamp, kind);
      expect(textsCurrent(kind, stamp, module), `${kind}: marked`).toBe(true);
      const marked = statSync(stamp).mtimeMs;
      // Already current: left as it is.
      markTextsCurrent(stamp, kind);
      expect(statSync(stamp).mtimeMs).toBe(marked);
      rmSync(module);
      expect(textsCurrent(kind, stamp, module), `${kind}: no module`).toBe(false);
    }
  });
});
