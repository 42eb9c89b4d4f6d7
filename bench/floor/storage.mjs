// The session-store calls of the server (src/store/sessions.ts, src/store/keep-quota.ts), made
// with values of the same sizes and in the same order, and nothing else:
// - `render`, a kept render in a session: the keep quota's tally read, then written; the page's
//   body written under its handle; then its `made:` marker and the session's slot (a pointer and
//   the source datachain) written together;
// - `read`, the session's page read: the slot read (the server takes the body from its memory).
const HASH = 'f'.repeat(64);
const TALLY = 'kept-by:floor';
const texts = new Map();

/** A constant text of `bytes` ASCII characters. */
function textOf(bytes) {
  let text = texts.get(bytes);
  if (text === undefined) texts.set(bytes, (text = 'x'.repeat(bytes)));
  return text;
}

/** `page`: the page's length; `source`: the source datachain's length (both in bytes). */
export async function storeCalls(kv, kind, page, source) {
  if (kind === 'read') {
    await kv.get('slot:floor', 'text');
    return;
  }
  if (kind !== 'render') throw new Error(`unknown store calls: ${kind}`);
  const [count, bytes] = ((await kv.get(TALLY, 'text')) ?? '0 0').split(' ').map(Number);
  await kv.put(TALLY, `${count + 1} ${bytes + page + source}`, { expirationTtl: 7200 });
  await kv.put(`body:${HASH}.html`, textOf(page), { expirationTtl: 7200 });
  await Promise.all([
    kv.put(`made:floor:${HASH}.html`, '', { expirationTtl: 7200 }),
    kv.put('slot:floor', `${HASH} ${Date.now()}\n${textOf(source)}`, { expirationTtl: 3600 }),
  ]);
}
