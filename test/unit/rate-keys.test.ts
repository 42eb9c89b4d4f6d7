import { describe, expect, it } from 'vitest';
import { callerAddress, rateKeys } from '../../src/core/rate.js';
import { countingLimiter, fetchLimited } from '../helpers/rate.js';

const validate = (bindings: Partial<Env>, ip: string) =>
  fetchLimited(bindings, '/api/v2/schemas/ai@latest/validate', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify({ elements: [] }),
  });

describe('rate keys no client can choose', () => {
  it('under npm start (LOCAL_DEV "on") CF-Connecting-IP is ignored: every caller is local', () => {
    const h = (ip: string) => (n: string) => (n === 'cf-connecting-ip' ? ip : undefined);
    expect(callerAddress({ LOCAL_DEV: 'on' }, h('1.2.3.4'))).toBe('local');
    expect(rateKeys({ LOCAL_DEV: 'on' }, h('5.6.7.8'))).toEqual({ ip: 'local', client: 'local|anonymous' });
    // In a deployment the edge sets the header and a client cannot override it: it is the key.
    expect(callerAddress({}, h('1.2.3.4'))).toBe('1.2.3.4');
  });

  it('locally, a new CF-Connecting-IP per request does not lift the address limit', async () => {
    const local = { LOCAL_DEV: 'on', RL_VALIDATE_IP: countingLimiter(2) };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await validate(local, `10.1.1.${i}`)).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect([...local.RL_VALIDATE_IP.calls.keys()]).toEqual(['validate|ip|local']);
    const deployed = { RL_VALIDATE_IP: countingLimiter(2) };
    for (let i = 0; i < 4; i++) expect((await validate(deployed, `10.1.2.${i}`)).status).toBe(200);
  });

  it('DELETE /mcp takes a token from the read bucket: over it, 429 with Retry-After', async () => {
    const bindings = { RL_READ_IP: countingLimiter(2) };
    const del = () =>
      fetchLimited(bindings, '/mcp', {
        method: 'DELETE',
        headers: { 'mcp-session-id': `rate-${crypto.randomUUID()}`, 'cf-connecting-ip': '10.1.3.1' },
      });
    expect((await del()).status).toBe(204);
    expect((await del()).status).toBe(204);
    const refused = await del();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { data: { code: 'rate_limited', retryable: true } },
    });
    expect(bindings.RL_READ_IP.calls.get('read|ip|10.1.3.1')).toBe(3);
  });
});
