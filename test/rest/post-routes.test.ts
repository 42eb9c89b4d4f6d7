import { describe, expect, it } from 'vitest';
import { countingLimiter, fetchLimited } from '../helpers/rate.js';
import { API, postJson, rest, V } from './helpers.js';

const OPS = ['validate', 'resolve', 'validate_resolved'] as const;

describe('POST /schemas/:version/{validate,resolve,validate_resolved}', () => {
  it.each(OPS)('%s: a semantic answer is 200, not cached, with the content hash', async (op) => {
    const r = await postJson(`${API}/schemas/${V}/${op}`, { elements: [] });
    expect(r.status).toBe(200);
    expect(r.json.ok).toBe(false);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('dtpr-content-hash')).toBe(r.json.meta.content_hash);
    expect(r.json.meta.request_id).toBe(r.headers.get('x-request-id'));
  });
  it('the seed example: elements [] gives one element_required per required category', async () => {
    const r = await postJson(`${API}/schemas/${V}/validate`, { elements: [] });
    expect(r.json.errors.map((e: any) => e.code)).toEqual([
      'element_required',
      'element_required',
      'element_required',
      'element_required',
    ]);
  });
  it.each(OPS)('%s: a body that is not JSON -> 400 bad_request', async (op) => {
    const r = await postJson(`${API}/schemas/${V}/${op}`, '{"elements": [');
    expect(r.status).toBe(400);
    expect(r.json.errors[0].code).toBe('bad_request');
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
  it('JSON nested deeper than 64 levels -> 400 bad_request', async () => {
    const r = await postJson(`${API}/schemas/${V}/validate`, `${'['.repeat(70)}${']'.repeat(70)}`);
    expect(r.status).toBe(400);
    expect(r.json.errors[0].message).toContain('64');
    expect(r.json.errors[0].fix_hint).toMatch(/less deeply/);
  });
  it('a body with a Content-Encoding -> 415 naming it', async () => {
    const r = await postJson(`${API}/schemas/${V}/validate`, '{"elements":[]}', { 'content-encoding': 'br' });
    expect(r.status).toBe(415);
    expect(r.json.errors[0]).toMatchObject({
      code: 'unsupported_media_type',
      message: expect.stringContaining("'br'"),
    });
    expect(r.headers.get('accept-encoding')).toBe('identity');
  });
  it('a JSON body that is not an object -> 400 invalid_arguments at datachain', async () => {
    const r = await postJson(`${API}/schemas/${V}/validate`, [1, 2]);
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'datachain' });
  });
  it.each([['text/plain'], ['application/x-www-form-urlencoded']])('Content-Type %s -> 415', async (type) => {
    const r = await postJson(`${API}/schemas/${V}/validate`, '{"elements":[]}', { 'content-type': type });
    expect(r.status).toBe(415);
    expect(r.json.errors[0].code).toBe('unsupported_media_type');
  });
  it.each([['utf-16'], ['latin1'], ['"UTF-16LE"']])(
    'a JSON body declared in charset %s -> 415 naming it',
    async (charset) => {
      const r = await postJson(`${API}/schemas/${V}/validate`, '{"elements":[]}', {
        'content-type': `application/json; charset=${charset}`,
      });
      expect(r.status).toBe(415);
      expect(r.json.errors[0]).toMatchObject({
        code: 'unsupported_media_type',
        message: expect.stringContaining(charset.replaceAll('"', '').toLowerCase()),
        fix_hint: expect.stringMatching(/UTF-8/),
      });
    },
  );
  it('application/*+json is JSON', async () => {
    const r = await postJson(`${API}/schemas/${V}/validate`, '{"elements":[]}', {
      'content-type': 'application/vnd.dtpr+json; charset=utf-8',
    });
    expect(r.status).toBe(200);
  });
  it('a body over 64 KiB -> 413, declared or streamed', async () => {
    const big = JSON.stringify({ elements: [], title: [{ locale: 'en', value: 'x'.repeat(70_000) }] });
    const declared = await postJson(`${API}/schemas/${V}/validate`, big);
    expect(declared.status).toBe(413);
    expect(declared.json.errors[0].code).toBe('payload_too_large');
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const streamed = await rest(`${API}/schemas/${V}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });
  it('unknown version -> 404 unknown_version', async () => {
    const r = await postJson(`${API}/schemas/ai@2099-01-01/resolve`, { elements: [] });
    expect(r.status).toBe(404);
    expect(r.json.errors[0].code).toBe('unknown_version');
  });
  it('query parameters are refused', async () => {
    const r = await postJson(`${API}/schemas/${V}/validate?strict=1`, { elements: [] });
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'strict' });
  });
  it.each(OPS)('GET %s -> 405 Allow: POST, OPTIONS', async (op) => {
    const r = await rest(`${API}/schemas/${V}/${op}`);
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST, OPTIONS');
  });
  it("the validate bucket is the MCP twin's: 429 with Retry-After once it is empty", async () => {
    const bindings = { RL_VALIDATE: countingLimiter(30) };
    const send = () =>
      fetchLimited(bindings, `${API}/schemas/${V}/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"elements":[]}',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await send()).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const last = await send();
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBe('60');
    expect(((await last.json()) as any).errors[0]).toMatchObject({ code: 'rate_limited', retryable: true });
  });
});
