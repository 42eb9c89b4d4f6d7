import { describe, expect, it } from 'vitest';
import { fetchWorker, JSON_HEADERS, postMcp } from '../helpers/http.js';
import { REALISTIC } from '../helpers/hostile.js';
import { expectInvalid, getPrompt, promptTexts, releaseOf } from '../helpers/prompts.js';
import { modern } from '../helpers/modern.js';
import { call } from '../helpers/tools.js';

const session = (name: string) => ({ 'mcp-session-id': `${name}-${crypto.randomUUID()}` });
const fenced = (material: string) => JSON.parse(material.split('\n').slice(2, -1).join('\n'));

/**
 * The realistic datachain reduced to elements the newest beta has (and the provenance of those
 * placements), without schema_version.
 */
function portable(title: string) {
  const beta = releaseOf('ai@latest-beta');
  const { schema_version: _, ...rest } = REALISTIC;
  const elements = REALISTIC.elements.filter((p: any) => beta.elementById.has(p.element_id));
  const kept = new Set(
    elements.flatMap((p: { element_id: string; element_instance_id?: string }) => [
      p.element_id,
      p.element_instance_id,
    ]),
  );
  const provenance = REALISTIC.authoring_provenance;
  return {
    ...rest,
    title: [{ locale: 'en', value: title }],
    elements,
    authoring_provenance: {
      ...provenance,
      element_provenance: Object.fromEntries(
        Object.entries(provenance.element_provenance).filter(([key]) => kept.has(key)),
      ),
    },
  };
}

describe('prompts/list says what a caller without a session must send', () => {
  const datachainArg = (prompts: any[], name: string) =>
    prompts.find((p) => p.name === name).arguments.find((a: any) => a.name === 'datachain');
  it('in 2025 the datachain may be left out (a request without a session id shares the fallback session); in 2026-07-28 it is required', async () => {
    const inSession = (await postMcp({ jsonrpc: '2.0', id: 1, method: 'prompts/list' }, session('list'))).json.result;
    const fallback = (await postMcp({ jsonrpc: '2.0', id: 1, method: 'prompts/list' })).json.result;
    const modernList = (await modern('prompts/list')).json.result;
    expect(fallback).toEqual(inSession);
    for (const name of ['audit_datachain', 'explain_datachain']) {
      expect(datachainArg(inSession.prompts, name)).toMatchObject({ required: false });
      expect(datachainArg(inSession.prompts, name).description).toMatch(/last rendered/);
      expect(datachainArg(modernList.prompts, name)).toMatchObject({ required: true });
      expect(datachainArg(modernList.prompts, name).description).not.toMatch(/last rendered/);
    }
    // Every other argument reads the same in both eras.
    const strip = (prompts: any[]) =>
      prompts.map((p) => ({ ...p, arguments: p.arguments.filter((a: any) => a.name !== 'datachain') }));
    expect(strip(modernList.prompts)).toEqual(strip(inSession.prompts));
  });
});

describe('audit and explain fall back to the datachain last rendered in the session', () => {
  for (const prompt of ['audit_datachain', 'explain_datachain']) {
    it(`${prompt}: render, then get the prompt without a datachain in the same session`, async () => {
      const h = session(prompt);
      const { env } = await call(
        'render_datachain',
        { version: REALISTIC.schema_version, datachain: REALISTIC },
        false,
        h,
      );
      expect(env.ok).toBe(true);
      const [text, material] = promptTexts(await getPrompt(prompt, {}, h));
      expect(material!.split('\n')[0]).toMatch(/last rendered in this session/);
      expect(fenced(material!)).toEqual(REALISTIC);
      expect(text).toContain(releaseOf(REALISTIC.schema_version).contentHash);
      const [fr] = promptTexts(await getPrompt(prompt, { locale: 'fr' }, h));
      expect(fr).toContain('Catégories, dans l’ordre d’affichage');
    });
  }

  it('the stored datachain carries the version it was rendered against', async () => {
    const h = session('beta');
    const beta = releaseOf('ai@latest-beta');
    const { env } = await call(
      'render_datachain',
      { version: 'ai@latest-beta', datachain: portable('Beta render') },
      false,
      h,
    );
    expect(env.ok).toBe(true);
    const [text, material] = promptTexts(await getPrompt('audit_datachain', undefined, h));
    expect(fenced(material!).schema_version).toBe(beta.id);
    expect(text).toContain(beta.contentHash);
  });

  it('a failed render keeps the previous datachain; an explicit datachain wins over the session', async () => {
    const h = session('keep');
    await call('render_datachain', { version: 'ai@latest-beta', datachain: portable('First render') }, false, h);
    const { env } = await call(
      'render_datachain',
      { version: 'ai@latest-beta', datachain: { elements: [] } },
      false,
      h,
    );
    expect(env.ok).toBe(false);
    const [, kept] = promptTexts(await getPrompt('explain_datachain', {}, h));
    expect(fenced(kept!).title[0].value).toBe('First render');
    const [, passed] = promptTexts(await getPrompt('explain_datachain', { datachain: JSON.stringify(REALISTIC) }, h));
    expect(passed!.split('\n')[0]).not.toMatch(/session/);
    expect(fenced(passed!)).toEqual(REALISTIC);
  });

  it('the datachain of the newer output, page or sign, is the one used', async () => {
    const h = session('newer');
    const titled = (title: string) => ({ ...REALISTIC, title: [{ locale: 'en', value: title }] });
    const link = 'https://example.org/ai/disclosure';
    await call('render_datachain', { version: REALISTIC.schema_version, datachain: titled('Page first') }, false, h);
    await call(
      'render_datachain',
      { version: REALISTIC.schema_version, datachain: titled('Sign second'), format: 'sign', link },
      false,
      h,
    );
    const [, afterSign] = promptTexts(await getPrompt('explain_datachain', {}, h));
    expect(fenced(afterSign!).title[0].value).toBe('Sign second');
    await call('render_datachain', { version: REALISTIC.schema_version, datachain: titled('Page third') }, false, h);
    const [, afterPage] = promptTexts(await getPrompt('explain_datachain', {}, h));
    expect(fenced(afterPage!).title[0].value).toBe('Page third');
  });

  it("sessions never see each other's datachain", async () => {
    const a = session('a');
    await call('render_datachain', { version: 'ai@latest-beta', datachain: portable('Session A') }, false, a);
    for (const prompt of ['audit_datachain', 'explain_datachain']) {
      expectInvalid(
        await getPrompt(prompt, {}, session('b')),
        'params.arguments.datachain',
        /none was rendered in this session/,
        /render_datachain/,
      );
    }
  });

  it("DELETE /mcp forgets the session's datachain with its page", async () => {
    const h = session('deleted');
    await call('render_datachain', { version: 'ai@latest-beta', datachain: portable('To forget') }, false, h);
    promptTexts(await getPrompt('audit_datachain', {}, h));
    const r = await fetchWorker('/mcp', { method: 'DELETE', headers: { ...JSON_HEADERS, ...h } });
    expect(r.status).toBe(204);
    expectInvalid(await getPrompt('audit_datachain', {}, h), 'params.arguments.datachain', /No datachain/);
  });
});

describe('2026-07-28: a request without a session has no last render', () => {
  it('audit and explain without a datachain say to pass one, not to reuse a session', async () => {
    await modern('tools/call', {
      name: 'render_datachain',
      arguments: { version: REALISTIC.schema_version, datachain: REALISTIC },
    });
    for (const name of ['audit_datachain', 'explain_datachain']) {
      const r = await modern('prompts/get', { name, arguments: {} });
      expect(r.json.error).toMatchObject({ code: -32602, data: { path: 'params.arguments.datachain' } });
      expect(r.json.error.data.message).toMatch(/without a session/);
      expect(r.json.error.data.fix_hint).toMatch(/Pass `datachain`/);
      expect(r.json.error.data.fix_hint).not.toMatch(/Mcp-Session-Id|render_datachain/);
    }
  });
});
