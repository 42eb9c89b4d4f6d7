// The floor: a bare Worker answering a constant JSON body of a requested size (`?size=N` bytes),
// so each benchmark scenario is compared with the cheapest possible answer of the same size.
// With `?store=render` or `?store=read` it first makes the session-store calls the server makes
// for a kept render or for reading the session's page (storage.mjs), so a render's ratio to it
// shows the server's own work apart from the KV service's; with `&once=1` too, only on the
// isolate's first request (bench:cold's floor of a first render, whose warm calls make none). With
// `?headers=server` the answer also
// carries the headers every answer of the server carries besides its content's (security, CORS,
// request id), as the benchmark read them from the server and handed them over in the
// `SERVER_HEADERS` var (base64 of a JSON object): what those headers alone cost on this runtime.
import { storeCalls } from './storage.mjs';

const bodies = new Map();
const CONTENT = { 'content-type': 'application/json' };
let withServerHeaders;
/** Whether this isolate made its store calls (`once`). */
let storedOnce = false;

/** The content type and the server's headers, read from the var once per isolate. */
function serverHeaders(env) {
  withServerHeaders ??= { ...CONTENT, ...(env.SERVER_HEADERS ? JSON.parse(atob(env.SERVER_HEADERS)) : {}) };
  return withServerHeaders;
}

function bodyOf(size) {
  let body = bodies.get(size);
  if (!body) {
    const filler = 'x'.repeat(Math.max(0, size - 40));
    body = JSON.stringify({ ok: true, data: { filler }, meta: {} });
    bodies.set(size, body);
  }
  return body;
}

export default {
  async fetch(request, env) {
    if (request.method === 'POST') await request.arrayBuffer();
    const params = new URL(request.url).searchParams;
    const size = Math.min(1_000_000, Number(params.get('size')) || 1000);
    const store = params.get('store');
    if (store && !(params.get('once') === '1' && storedOnce)) {
      storedOnce = true;
      await storeCalls(env.SESSIONS, store, Number(params.get('page')) || 0, Number(params.get('source')) || 0);
    }
    const headers = params.get('headers') === 'server' ? serverHeaders(env) : CONTENT;
    return new Response(bodyOf(size), { headers });
  },
};
