import { describe, expect, it } from 'vitest';
import { postMcp } from '../helpers/http.js';
import { REALISTIC } from '../helpers/hostile.js';
import { expectInvalid, getPrompt, releaseOf } from '../helpers/prompts.js';

const D = { system_description: 'A chatbot answers questions about bus times.' };
const dc = JSON.stringify(REALISTIC);

describe('prompts/get refuses bad requests with -32602, a path and a fix', () => {
  const cases: Array<[string, string, Record<string, unknown> | undefined, string, RegExp, RegExp?]> = [
    ['unknown prompt', 'nope', {}, 'params.name', /Unknown prompt 'nope'/, /draft_datachain/],
    [
      'missing required argument',
      'draft_datachain',
      undefined,
      'params.arguments.system_description',
      /needs the argument 'system_description'/,
    ],
    [
      'missing required category_id',
      'choose_elements',
      D,
      'params.arguments.category_id',
      /needs the argument 'category_id'/,
    ],
    [
      'missing target_locale',
      'translate_datachain',
      { datachain: dc },
      'params.arguments.target_locale',
      /needs the argument 'target_locale'/,
    ],
    [
      'empty required argument',
      'draft_datachain',
      { system_description: '' },
      'params.arguments.system_description',
      /needs the argument/,
    ],
    [
      'a required argument of only spaces and line breaks',
      'draft_datachain',
      { system_description: ' \n\t  ' },
      'params.arguments.system_description',
      /needs the argument/,
    ],
    [
      'unknown argument name',
      'draft_datachain',
      { ...D, versoin: 'ai@latest' },
      'params.arguments.versoin',
      /has no argument 'versoin'/,
      /system_description, version, locale/,
    ],
    [
      '__proto__ as an argument name',
      'draft_datachain',
      JSON.parse('{"__proto__":"x","system_description":"y"}'),
      'params.arguments.__proto__',
      /has no argument/,
    ],
    [
      'non-string value',
      'draft_datachain',
      { ...D, version: 5 },
      'params.arguments.version',
      /must be a string \(got a number\)/,
    ],
    [
      'object as the datachain',
      'audit_datachain',
      { datachain: { elements: [] } },
      'params.arguments.datachain',
      /must be a string \(got an object\)/,
      /JSON text/,
    ],
    [
      'too long a value',
      'explain_datachain',
      { datachain: dc, audience: 'x'.repeat(201) },
      'params.arguments.audience',
      /at most 200/,
    ],
    [
      'unknown version',
      'draft_datachain',
      { ...D, version: 'ai@1999-01-01' },
      'params.arguments.version',
      /not served/,
      /ai@latest/,
    ],
    [
      'malformed version',
      'choose_elements',
      { ...D, category_id: 'purpose', version: 'latest' },
      'params.arguments.version',
      /./,
    ],
    ['unknown locale', 'draft_datachain', { ...D, locale: 'de' }, 'params.arguments.locale', /Locale 'de'/, /en, fr/],
    [
      'a locale with a region, whose language the release carries: named, not called missing',
      'draft_datachain',
      { ...D, locale: 'fr-CA' },
      'params.arguments.locale',
      /Locale 'fr-CA' is not a code this server uses; ai@2026-08-12 has 'fr'\./,
      /^Use 'fr' \(the release's locales: en, fr;/,
    ],
    [
      'unknown target locale',
      'translate_datachain',
      { datachain: dc, target_locale: 'es' },
      'params.arguments.target_locale',
      /Locale 'es'/,
      /en, fr/,
    ],
    [
      'unknown category',
      'choose_elements',
      { ...D, category_id: 'nope' },
      'params.arguments.category_id',
      /Category 'nope' is not in/,
      /purpose/,
    ],
    [
      'datachain not JSON',
      'audit_datachain',
      { datachain: '{oops' },
      'params.arguments.datachain',
      // The argument is blamed, never the request's body (which was JSON).
      /^The datachain is not valid JSON: (?![\s\S]*Body)/,
      /JSON text of an object/,
    ],
    [
      'datachain a JSON array',
      'explain_datachain',
      { datachain: '[]' },
      'params.arguments.datachain',
      /must be a JSON object \(got an array\)/,
    ],
    [
      'datachain a JSON string',
      'translate_datachain',
      { datachain: '"x"', target_locale: 'fr' },
      'params.arguments.datachain',
      /must be a JSON object \(got a string\)/,
    ],
    [
      'datachain nested too deep',
      'audit_datachain',
      { datachain: `${'['.repeat(70)}${']'.repeat(70)}` },
      'params.arguments.datachain',
      /nesting exceeds 64/,
    ],
    [
      'schema_version not served',
      'audit_datachain',
      { datachain: JSON.stringify({ ...REALISTIC, schema_version: 'ai@1999-01-01' }) },
      'params.arguments.datachain.schema_version',
      /not served/,
      /Pass `version`/,
    ],
  ];
  for (const [name, prompt, args, path, message, hint] of cases) {
    it(name, async () => expectInvalid(await getPrompt(prompt, args), path, message, hint));
  }

  it("version naming another release than the datachain's schema_version", async () => {
    const other = releaseOf('ai@latest-beta').id === REALISTIC.schema_version ? 'ai@latest' : 'ai@latest-beta';
    expectInvalid(
      await getPrompt('audit_datachain', { datachain: dc, version: other }),
      'params.arguments.version',
      /schema_version is/,
      /Omit `version`/,
    );
  });

  it('malformed params are -32602 too', async () => {
    for (const params of [
      {},
      { name: 5 },
      { name: 'draft_datachain', arguments: ['x'] },
      { name: 'draft_datachain', arguments: 'x' },
    ]) {
      const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'prompts/get', params });
      expect(r.json.error.code).toBe(-32602);
    }
  });
});
