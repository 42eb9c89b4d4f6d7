import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/rest/openapi.js';
import { REALISTIC } from '../helpers/hostile.js';
import { API, postJson, rest, V, type RestReply } from './helpers.js';

/**
 * Real answers of the REST surface, good and bad, checked against the schema and the headers the
 * served OpenAPI document declares for their route and status, as a client generated from it or a
 * response validator would check them.
 */
type Json = Record<string, any>;
const doc = buildOpenApi() as Json;
const BASE = 'https://dtpr.test/openapi.json';
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...doc, $id: BASE });

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The response object the document declares (a `$ref` followed) and the JSON pointer of its JSON schema. */
function declared(path: string, method: string, status: number): { response: Json; schema?: string } {
  const responses = doc.paths[path]?.[method]?.responses;
  expect(responses, `${method} ${path} is not documented`).toBeDefined();
  const own = responses[String(status)];
  expect(own, `${method} ${path} does not declare ${status}`).toBeDefined();
  const name = own.$ref?.replace('#/components/responses/', '');
  const response = name ? doc.components.responses[name] : own;
  const at = name ? ['components', 'responses', name] : ['paths', path, method, 'responses', String(status)];
  const schema = response.content?.['application/json']
    ? `#/${pointer(...at, 'content', 'application/json', 'schema')}`
    : undefined;
  return { response, schema };
}

function conforms(path: string, method: string, r: RestReply): void {
  const { response, schema } = declared(path, method, r.status);
  const type = r.headers.get('content-type') ?? '';
  const media = Object.keys(response.content ?? {});
  expect(
    media.some((m) => type.startsWith(m)),
    `${method} ${path} ${r.status}: ${type} is not one of ${media}`,
  ).toBe(true);
  if (type.startsWith('application/json')) {
    const validate = ajv.getSchema(`${BASE}${schema}`)!;
    expect(validate(r.json), `${method} ${path} ${r.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
  for (const [header, spec] of Object.entries(response.headers ?? {}) as Array<[string, Json]>) {
    const resolved = spec.$ref ? doc.components.headers[spec.$ref.split('/').pop()] : spec;
    if (resolved.required) expect(r.headers.get(header), `${method} ${path} ${r.status}: ${header}`).not.toBeNull();
  }
}

const P = '/api/v2/schemas/{version}';
const INVALID = { ...REALISTIC, elements: [] };

describe('every answer matches what the OpenAPI document declares for its route and status', () => {
  it('GET routes, found and not', async () => {
    const cases: Array<[string, string]> = [
      ['/api/v2/schemas', `${API}/schemas`],
      [`${P}/manifest`, `${API}/schemas/${V}/manifest`],
      [`${P}/categories`, `${API}/schemas/${V}/categories`],
      [`${P}/elements`, `${API}/schemas/${V}/elements?limit=5`],
      [`${P}/elements`, `${API}/schemas/${V}/elements?query=camera`],
      [`${P}/elements`, `${API}/schemas/${V}/elements?limit=0`],
      [`${P}/elements`, `${API}/schemas/ai@2099-01-01/elements`],
      [`${P}/elements/{element_id}`, `${API}/schemas/${V}/elements/input_biometric`],
      [`${P}/elements/{element_id}`, `${API}/schemas/${V}/elements/no_such_element`],
      [`${P}/translations`, `${API}/schemas/dtpr@latest-beta/translations?locales=nl`],
      ['/api/v2/schemas', `${API}/schemas?colour=red`],
    ];
    for (const [template, url] of cases) conforms(template, 'get', await rest(url));
  });

  it('POST routes: a valid datachain, an invalid one, a malformed body', async () => {
    for (const route of ['validate', 'resolve', 'migrate']) {
      const template = `${P}/${route}`;
      conforms(template, 'post', await postJson(`${API}/schemas/${V}/${route}`, REALISTIC));
      conforms(template, 'post', await postJson(`${API}/schemas/${V}/${route}`, INVALID));
      conforms(template, 'post', await postJson(`${API}/schemas/${V}/${route}`, '{"elements":'));
    }
    const exported = `${P}/export/{format}`;
    conforms(exported, 'post', await postJson(`${API}/schemas/${V}/export/uk-atrs`, { datachain: REALISTIC }));
    conforms(exported, 'post', await postJson(`${API}/schemas/${V}/export/uk-atrs`, { datachain: INVALID }));
  });

  it('render: the page, the sign, the envelope asked for, an invalid datachain', async () => {
    const template = `${P}/render`;
    const render = `${API}/schemas/${V}/render`;
    const link = encodeURIComponent('https://riverton.example.org/ai');
    conforms(template, 'post', await postJson(render, REALISTIC));
    conforms(template, 'post', await postJson(`${render}?format=sign&link=${link}`, REALISTIC));
    conforms(template, 'post', await postJson(render, REALISTIC, { accept: 'application/json' }));
    conforms(template, 'post', await postJson(render, INVALID));
    conforms(template, 'post', await postJson(`${render}?format=poster`, REALISTIC));
  });

  it('a method a route does not answer: the documented 405 with Allow', async () => {
    const wrong = await rest(`${API}/schemas`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    conforms('/api/v2/schemas', 'get', wrong);
    expect(wrong.headers.get('allow')).toContain('GET');
  });

  it('the headers a response declares required are there: the request id everywhere, Vary on a render', async () => {
    const declaredRequired = (path: string, method: string, status: number) =>
      Object.entries(declared(path, method, status).response.headers ?? {})
        .filter(
          ([, spec]: [string, any]) => (spec.$ref ? doc.components.headers[spec.$ref.split('/').pop()] : spec).required,
        )
        .map(([name]) => name)
        .sort();
    expect(declaredRequired(`${P}/render`, 'post', 200)).toEqual(['Vary', 'X-Request-Id']);
    expect(declaredRequired(`${P}/manifest`, 'get', 404)).toEqual(['X-Request-Id']);
  });

  it('a success envelope is told from a failure by ok alone, and always carries data and meta.request_id', () => {
    const schema = ajv.getSchema(
      `${BASE}#/${pointer('paths', `${P}/validate`, 'post', 'responses', '200', 'content', 'application/json', 'schema')}`,
    )!;
    expect(schema({ ok: true, meta: { request_id: 'x' } })).toBe(false);
    expect(schema({ ok: true, data: { ok: true, warnings: [] }, meta: {} })).toBe(false);
    expect(schema({ ok: false, errors: [{ code: 'parse_error', message: 'm' }], meta: { request_id: 'x' } })).toBe(
      true,
    );
  });
});
