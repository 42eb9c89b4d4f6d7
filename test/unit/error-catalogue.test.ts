import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../src/core/error-catalogue.js';
import { TRANSPORT_CODES } from '../../src/core/errors.js';

/** Arguments that make each constructor build an item; the type check keeps the list complete. */
const SAMPLE_ARGS: { [C in keyof typeof ERROR_CATALOGUE]: Parameters<(typeof ERROR_CATALOGUE)[C]> } = {
  bad_request: [{ message: 'Bad.', path: 'version', fix_hint: 'Fix it.' }],
  invalid_arguments: [{ message: 'Bad.', path: 'limit', fix_hint: 'Fix it.' }],
  not_found: ['GET', 'http://127.0.0.1/nope', 'See the routes.'],
  method_not_allowed: [{ message: 'No.', fix_hint: 'Use POST.' }],
  not_acceptable: [],
  unknown_version: ['ai@2099-01-01', ['ai@2026-08-12', 'ai@latest']],
  element_not_found: ['nope', 'ai@2026-08-12', 'element_id'],
  unknown_variant: ['sepia', 'people', ['default', 'dark']],
  element_ids_too_many: [120, 100],
  payload_too_large: [{ message: 'Too big.', fix_hint: 'Send less.' }],
  unsupported_media_type: ['text/plain', 'Send JSON.'],
  forbidden_origin: ['https://evil.example'],
  rate_limited: ['read'],
  timeout: [2000],
  upstream_error: ['rid-1'],
  internal_error: ['rid-1'],
};

describe('the error catalogue', () => {
  it('has one constructor per transport code, each building an item of its own code', () => {
    expect(Object.keys(ERROR_CATALOGUE).sort()).toEqual(Object.keys(TRANSPORT_CODES).sort());
    for (const [code, args] of Object.entries(SAMPLE_ARGS)) {
      const make = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE] as unknown as (
        ...a: unknown[]
      ) => Record<string, unknown>;
      const item = make(...args);
      expect(item.code).toBe(code);
      expect(item.message).toMatch(/\S.*[.)]$/);
      expect(item.fix_hint).toMatch(/\S/);
      expect(Object.keys(item).slice(0, 2)).toEqual(['code', 'message']);
      if ('retryable' in item)
        expect(item.retryable).toBe(TRANSPORT_CODES[code as keyof typeof TRANSPORT_CODES].retryable);
    }
  });

  it('clips caller text it repeats', () => {
    const long = 'x'.repeat(500);
    expect(ERROR_CATALOGUE.forbidden_origin(long).message.length).toBeLessThan(260);
    expect(ERROR_CATALOGUE.not_found('GET', `http://127.0.0.1/${long}`, 'hint').message.length).toBeLessThan(240);
  });
});
