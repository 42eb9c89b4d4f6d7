// The floor of a first call that reads a release: a bare Worker that, on the first request of its
// isolate, does only the reads our first call cannot skip (one embedded release given to it as a
// text module, as the build gave ours until decision 084 made them bytes: bench/cold-start.mjs;
// the release's JSON, its first line,
// parsed as ours is, src/store/packed-release.ts; with
// `index=1`, the release bucket's index too, which a first call that needs the whole catalogue
// reads: decision 048) and then, like every later request, answers a constant JSON body of the
// requested size. Its first-against-warm ratio is the least a first call that reads a release can
// show on the same runtime (bench/cold-start.mjs). With `object` (a key of the bucket), the release
// is that object instead, as a first call on a release only the bucket holds reads it: its bytes
// hashed, its first line parsed, read beside the index. Query: `size` (body bytes), `index`, `object`.
import releaseText from './release.release';

const bodies = new Map();
let held;

function bodyOf(size) {
  let body = bodies.get(size);
  if (!body) {
    body = JSON.stringify({ ok: true, data: { filler: 'x'.repeat(Math.max(0, size - 40)) }, meta: {} });
    bodies.set(size, body);
  }
  return body;
}

/**
 * The least a first call on a release only the bucket holds does: its object's bytes read, hashed
 * (the hash the index records vouches for them: decision 051) and its first line decoded and parsed.
 */
async function firstLineOfObject(bucket, key) {
  const object = await bucket.get(key);
  const bytes = new Uint8Array(await object.arrayBuffer());
  await crypto.subtle.digest('SHA-256', bytes);
  const end = bytes.indexOf(10);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(0, end < 0 ? bytes.length : end)));
}

export default {
  async fetch(request, env) {
    if (request.method === 'POST') await request.arrayBuffer();
    const params = new URL(request.url).searchParams;
    if (held === undefined) {
      // The index and the object are read together, as a first call reads a release the build
      // published beside the index (decision 071).
      const key = params.get('object');
      const [, release] = await Promise.all([
        params.get('index') === '1' ? env.RELEASES.get('index.json').then((index) => index?.text()) : undefined,
        key ? firstLineOfObject(env.RELEASES, key) : JSON.parse(releaseText.split('\n')[0]),
      ]);
      held = release;
    }
    const size = Math.min(1_000_000, Number(params.get('size')) || 1000);
    return new Response(bodyOf(size), { headers: { 'content-type': 'application/json' } });
  },
};
