import { describe, expect, it } from 'vitest';
import { isValidSessionId } from '../../src/mcp/session.js';

describe('a session id is 1 to 128 visible ASCII characters', () => {
  it.each([
    ['sessión', 'a UTF-8 character'],
    ['sessi\u00c3\u00b3n', 'the UTF-8 bytes of ó read one by one, as a raw header arrives'],
    ['session\u200b', 'a zero-width space'],
    ['bad id', 'a space'],
    ['sess\x7fion', 'DEL'],
    ['', 'nothing'],
    ['x'.repeat(129), '129 characters'],
  ])('refuses %j (%s)', (id) => {
    expect(isValidSessionId(id)).toBe(false);
  });

  it.each([['!'.repeat(128)], ['dtpr-3f1c2a9e-0000-4000-8000-000000000000'], ['my-session'], ['~']])(
    'accepts %j',
    (id) => {
      expect(isValidSessionId(id)).toBe(true);
    },
  );
});
