import { expect } from 'vitest';
import { pickLocale } from '../../src/core/projection.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import type { Release } from '../../src/store/release.js';
import { resolveVersion } from '../../src/store/store.js';
import { postMcp, type RpcReply } from './http.js';

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** The release a version argument names, read from the store the Worker embeds. */
export function releaseOf(version: string): Release {
  const r = resolveVersion(catalogueStore(), version);
  if (r.error) throw new Error(`no release ${version}`);
  return r.value;
}

let nextId = 1;
export function getPrompt(
  name: string,
  args?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<RpcReply> {
  return postMcp(
    {
      jsonrpc: '2.0',
      id: nextId++,
      method: 'prompts/get',
      params: args === undefined ? { name } : { name, arguments: args },
    },
    headers,
  );
}

export function complete(params: Record<string, unknown>): Promise<RpcReply> {
  return postMcp({ jsonrpc: '2.0', id: nextId++, method: 'completion/complete', params });
}

/** A successful prompts/get: user text messages; returns the texts. */
export function promptTexts(r: RpcReply): string[] {
  expect(r.status).toBe(200);
  expect(r.json.error).toBeUndefined();
  expect(typeof r.json.result.description).toBe('string');
  for (const m of r.json.result.messages) {
    expect(m.role).toBe('user');
    expect(m.content.type).toBe('text');
  }
  return r.json.result.messages.map((m: any) => m.content.text as string);
}

/** A refused prompts/get or completion: -32602 whose data names the path and how to fix it. */
export function expectInvalid(r: RpcReply, path: string, message: RegExp, hint?: RegExp): void {
  expect(r.status).toBe(200);
  expect(r.json.error, r.text).toMatchObject({ code: -32602, data: { path } });
  expect(r.json.error.message).toMatch(message);
  expect(r.json.error.message).toBe(r.json.error.data.message);
  expect(r.json.error.data.fix_hint).toBeTruthy();
  if (hint) expect(r.json.error.data.fix_hint).toMatch(hint);
}

const REQUIRED = { en: ['Required.', 'Optional.'], fr: ['Obligatoire.', 'Facultative.'] } as const;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Checks that a prompt text lists every category of the release in display order, each with its
 * title in the locale and its required flag, and (when `questions`) its question.
 */
export function expectCategories(text: string, release: Release, locale: Locale, questions: boolean): void {
  let last = -1;
  release.bundle.categories.forEach((c, i) => {
    const sep = locale === 'fr' ? ' : ' : ': ';
    const flag = REQUIRED[locale][c.required ? 0 : 1];
    const line = new RegExp(
      `^${i + 1}\\. ${escapeRegExp(c.id)}${sep}${escapeRegExp(pickLocale(c.name, locale))}\\. ${escapeRegExp(flag)}`,
      'm',
    );
    const m = line.exec(text);
    expect(m, `${c.id} in ${locale}`).not.toBeNull();
    expect(m!.index).toBeGreaterThan(last);
    last = m!.index;
    if (questions) expect(text).toContain(pickLocale(c.prompt, locale));
  });
  expect(text).toContain(release.id);
  expect(text).toContain(release.contentHash);
}

/** Checks that the named tools appear in the text's numbered steps in this order. */
export function expectToolOrder(text: string, tools: readonly string[]): void {
  const positions = tools.map((t) => text.search(new RegExp(`^\\d+\\. ${t} \\{`, 'm')));
  for (const [i, p] of positions.entries()) expect(p, tools[i]).toBeGreaterThanOrEqual(0);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}
