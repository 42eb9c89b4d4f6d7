import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { buildOpenApi } from '../../src/rest/openapi.js';

type Doc = { paths: Record<string, Record<string, unknown>> };
type ApiDocument = Parameters<typeof validate>[0];

/** A Hono route pattern as a regular expression over concrete paths. */
function honoPattern(path: string): RegExp {
  const body = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}$`);
}

/** An OpenAPI path template with every parameter filled by a sample value. */
const sample = (template: string) => template.replace(/\{\w+\}/g, 'x1');

describe('docs/openapi.json', () => {
  it('validates as OpenAPI 3.1', async () => {
    const doc = buildOpenApi();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as ApiDocument);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('the validator does reject a broken document', async () => {
    const broken = structuredClone(buildOpenApi()) as Doc & { info?: unknown };
    delete broken.info;
    expect((await validate(broken as unknown as ApiDocument)).valid).toBe(false);
  });

  it('describes every registered route of /api/v2 and /healthz', () => {
    const doc = buildOpenApi() as Doc;
    const routes = createApp().routes.filter(
      (r) => r.method !== 'ALL' && (r.path.startsWith('/api/v2/') || r.path === '/healthz'),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const pattern = honoPattern(route.path);
      const described = Object.entries(doc.paths).some(
        ([template, ops]) => route.method.toLowerCase() in ops && pattern.test(sample(template)),
      );
      expect(described, `${route.method} ${route.path} is not in the OpenAPI document`).toBe(true);
    }
  });

  it('documents every parameter, the envelope of every JSON answer and the SVG answers', () => {
    const doc = buildOpenApi() as Doc;
    for (const [template, ops] of Object.entries(doc.paths)) {
      const inPath = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(ops) as Array<{
        operationId: string;
        parameters?: Array<{ name: string; in: string }>;
        responses: Record<string, any>;
      }>) {
        expect(op.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [], op.operationId).toEqual(inPath);
        const content = op.responses['200'].content;
        const expected = template.endsWith('.svg')
          ? ['image/svg+xml']
          : template.endsWith('/render')
            ? ['text/html', 'image/svg+xml', 'application/json']
            : ['application/json'];
        expect(Object.keys(content), op.operationId).toEqual(expected);
      }
    }
    const elements = doc.paths['/api/v2/schemas/{version}/elements']!.get as { parameters: Array<{ name: string }> };
    expect(elements.parameters.map((p) => p.name)).toEqual([
      'version',
      'category_id',
      'query',
      'locale',
      'locales',
      'fields',
      'limit',
      'cursor',
    ]);
  });
});
