/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { PAGE_GOLDENS } from '../golden/cases.js';
import { rest } from './helpers.js';

const GOLDEN = import.meta.glob('../golden/pages/*.html', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

describe('golden pages', () => {
  it.each(Object.entries(PAGE_GOLDENS))('%s', async (file, { path, body }) => {
    const r = await rest(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.text).toBe(GOLDEN[`../golden/${file}`]);
  });
});
