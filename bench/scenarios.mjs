// The benchmark scenarios: each a list of requests autocannon sends in turn (one iteration).
import { readFileSync } from 'node:fs';

const realistic = JSON.parse(readFileSync(new URL('../test/e2e/fixtures/realistic-15.json', import.meta.url), 'utf8'));
const four = {
  ...realistic,
  elements: realistic.elements.filter((p) =>
    ['mobility', 'institution', 'people', 'perceptive_mode'].includes(p.element_id),
  ),
  subchain_instances: [],
  authoring_provenance: undefined,
};
const V = 'ai@2026-08-12';
const IDS = [
  'accessibility',
  'arts_culture',
  'border_immigration',
  'commerce',
  'content_moderation',
  'dining',
  'ecology',
  'education',
  'eligibility_benefits',
  'employment',
  'energy_efficiency',
  'enforcement',
  'entry',
  'financial_services',
  'fire_emergency',
  'health',
  'healthcare',
  'inform',
  'logistics',
  'people',
];

const rpc = (name, args) => ({
  method: 'POST',
  path: '/mcp',
  headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-session-id': 'bench-session' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
});

/** The same call in the 2026-07-28 era: the revision in `_meta` and in headers, no session. */
const rpc2026 = (name, args) => ({
  method: 'POST',
  path: '/mcp',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': name,
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name,
      arguments: args,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  }),
});

/** A read of the session's page. */
const readView = {
  ...rpc('x', {}),
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'resources/read',
    params: { uri: 'ui://dtpr/datachain/view.html' },
  }),
};

let sessions = 0;
/** autocannon's hook: the request in a new session, from a new address (the server's rate key). */
function inNewSession(req, context) {
  const n = ++sessions;
  context.session = `bench-new-${n}`;
  context.address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return inSameSession(req, context);
}
/** autocannon's hook: the request in the session (and from the address) of the iteration's render. */
function inSameSession(req, context) {
  return {
    ...req,
    headers: { ...req.headers, 'mcp-session-id': context.session, 'cf-connecting-ip': context.address },
  };
}

/**
 * `class` picks the scenario's target (bench/run.mjs); reference scenarios have none. `target: 'floor'`
 * sends a scenario's requests to the floor instead of the server (a reference). `store` names
 * the session-store calls of each request, for a second floor that makes them (bench/floor/storage.mjs).
 */
export const SCENARIOS = [
  {
    name: 'mcp list_elements limit 50',
    class: 'read-list',
    requests: [rpc('list_elements', { version: V, limit: 50 })],
  },
  {
    name: 'mcp get_element',
    class: 'read-one',
    requests: [rpc('get_element', { version: V, element_id: 'input_biometric' })],
  },
  {
    name: 'mcp 2026-07-28 get_element',
    class: 'read-one',
    requests: [rpc2026('get_element', { version: V, element_id: 'input_biometric' })],
  },
  {
    name: 'mcp get_elements 20 ids',
    class: 'read-one',
    requests: [rpc('get_elements', { version: V, element_ids: IDS })],
  },
  {
    name: 'mcp validate_datachain 4 elements',
    class: 'reference',
    requests: [rpc('validate_datachain', { version: V, datachain: four })],
  },
  {
    name: 'mcp validate_datachain 15 elements',
    class: 'validate',
    requests: [rpc('validate_datachain', { version: V, datachain: realistic })],
  },
  {
    // One session renders one datachain again and again: within a second, the server writes each
    // key of the session store once (src/store/paced-writes.ts).
    name: 'mcp render_datachain + resources/read',
    class: 'render',
    requests: [rpc('render_datachain', { version: V, datachain: realistic }), readView],
  },
  {
    // Every render new to the store: each iteration renders in a new session, from a new address,
    // so every session-store call is made; compared with a floor that makes them (no target).
    name: 'mcp render + read, new session each',
    class: 'reference',
    store: ['render', 'read'],
    // The source datachain a render keeps in the session's slot, as long as the one sent.
    sourceBytes: Buffer.byteLength(JSON.stringify(realistic)),
    requests: [
      { ...rpc('render_datachain', { version: V, datachain: realistic }), setupRequest: inNewSession },
      { ...readView, setupRequest: inSameSession },
    ],
  },
  {
    // Reference, no target: what every client asks first, about 100 KB of descriptors.
    name: 'mcp tools/list',
    class: 'reference',
    requests: [{ ...rpc('x', {}), body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }) }],
  },
  {
    name: 'rest GET elements limit 50',
    class: 'read-list',
    requests: [{ method: 'GET', path: `/api/v2/schemas/${V}/elements?limit=50` }],
  },
  /** Reference, no target: every global middleware and the router, but no tool. */
  { name: 'reference GET /healthz', class: 'reference', requests: [{ method: 'GET', path: '/healthz' }] },
  {
    // Reference, no target: the floor itself, answering as it does for `get_element` but with the
    // headers every answer of the server carries besides (bench/floor/worker.js): what they cost
    // on this runtime, apart from anything the server does.
    name: "reference floor with the server's headers",
    class: 'reference',
    target: 'floor',
    requests: [
      {
        ...rpc('get_element', { version: V, element_id: 'input_biometric' }),
        path: '/?size=3600&headers=server',
      },
    ],
  },
];
