// The session-store calls of the server (src/store/sessions.ts, src/store/keep-quota.ts), made
// with values of the same sizes and in the same order, and nothing else:
// - `render`, a kept render new to the store (a new session from a new address): the keep quota's
//   tally read; then the tally and the page's body (under its handle) written together; then its
//   `made:` marker and the session's slot (a pointer and the source datachain) written together;
// - `read`, the page of the last render's session read: the slot read (the server takes the body
//   from its memory).
// Each render writes keys of its own, as the server does for a new session and address.
const HASH = 'f'.repeat(64);
const texts = new Map();
let renders = 0;
/** The newest render whose slot is written: the one a read reads. */
let stored = 0;

/** A constant text of `bytes` ASCII characters. */
function textOf(bytes) {
  let text = texts.get(bytes);
  if (text === undefined) texts.set(bytes, (text = 'x'.repeat(bytes)));
  return text;
}

/** `page`: the page's length; `source`: the source datachain's length (both in bytes). */
export async function storeCalls(kv, kind, page, source) {
  if (kind === 'read') {
    await kv.get(`slot:floor-${stored}`, 'text');
    return;
  }
  if (kind !== 'render') throw new Error(`unknown store calls: ${kind}`);
  const n = ++renders;
  const tally = `kept-by:floor-${n}`;
  const [count, bytes] = ((await kv.get(tally, 'text')) ?? '0 0').split(' ').map(Number);
  await Promise.all([
    kv.put(tally, `${count + 1} ${bytes + page + source}`, { expirationTtl: 7200 }),
    kv.put(`body:${n}-${HASH}.html`, textOf(page), { expirationTtl: 7200 }),
  ]);
  await Promise.all([
    kv.put(`made:floor-${n}:${HASH}.html`, '', { expirationTtl: 7200 }),
    kv.put(`slot:floor-${n}`, `${HASH} ${Date.now()}\n${textOf(source)}`, { expirationTtl: 3600 }),
  ]);
  stored = Math.max(stored, n);
}
