import { describe, expect, it } from 'vitest';
import { releasesNamedBy } from '../../src/store/named-releases.js';

describe('the releases a request names before its body is read', () => {
  it.each([
    ['/mcp', ['ai@latest']],
    ['/api/v2/schemas/ai@2026-08-12/elements', ['ai@2026-08-12']],
    ['/api/v2/schemas/ai%402026-08-12/elements/health', ['ai@2026-08-12']],
    ['/api/v2/schemas/dtpr@latest-beta', ['dtpr@latest-beta']],
    ['/api/v2/schemas/not-a-version/elements', []],
    ['/api/v2/schemas', []],
    ['/api/v2/schemas/', []],
    ['/healthz', []],
    ['/mcp/', []],
    ['/api/v2/openapi.json', []],
  ])('%s names %j', (path, names) => {
    expect(releasesNamedBy('GET', path)).toEqual(names);
  });

  it('a CORS preflight names none: it answers before any release is read', () => {
    expect(releasesNamedBy('OPTIONS', '/mcp')).toEqual([]);
    expect(releasesNamedBy('OPTIONS', '/api/v2/schemas/ai@2026-08-12/elements')).toEqual([]);
    expect(releasesNamedBy('POST', '/mcp')).toEqual(['ai@latest']);
  });
});
