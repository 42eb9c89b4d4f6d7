// The floor: a bare Worker answering a constant JSON body of a requested size (`?size=N` bytes),
// so each benchmark scenario is compared with the cheapest possible answer of the same size.
const bodies = new Map();

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
  async fetch(request) {
    if (request.method === 'POST') await request.arrayBuffer();
    const size = Math.min(1_000_000, Number(new URL(request.url).searchParams.get('size')) || 1000);
    return new Response(bodyOf(size), { headers: { 'content-type': 'application/json' } });
  },
};
