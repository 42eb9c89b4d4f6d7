import { describe, expect, it } from 'vitest';
import transitDtpr from '../e2e/fixtures/transit-station-dtpr.json';
import transit from '../e2e/fixtures/transit-station.json';
import { call } from '../helpers/tools.js';
import type { SurfaceCase } from './cases.js';
import { runThreeWays } from './three-ways.js';

/**
 * A datachain written for each of the two newest releases (the transit station: cameras, presence
 * sensors, gates and screens) validates, resolves and migrates the same way over MCP in both eras
 * and over REST, and renders as a page and a sign. The published ai@ datachains' migration to
 * these releases is in test/mcp/real-datachains.test.ts.
 */
const S = '/api/v2/schemas';
const RELEASES: Array<[string, Record<string, unknown>]> = [
  ['ai@2026-08-24-beta', transit],
  ['dtpr@2026-09-01-beta', transitDtpr],
];

describe.each(RELEASES)('a datachain pinned to %s', (version, datachain) => {
  const cases: SurfaceCase[] = [
    {
      name: 'validate',
      tool: 'validate_datachain',
      args: { version, datachain },
      rest: { path: `${S}/${version}/validate`, body: datachain },
    },
    {
      name: 'resolve',
      tool: 'resolve_datachain',
      args: { version, datachain },
      rest: { path: `${S}/${version}/resolve`, body: datachain },
    },
    {
      name: 'migrate to the other new release',
      tool: 'migrate_datachain',
      args: { version: version.startsWith('dtpr') ? 'ai@2026-08-24-beta' : 'dtpr@2026-09-01-beta', datachain },
      rest: {
        path: `${S}/${version.startsWith('dtpr') ? 'ai@2026-08-24-beta' : 'dtpr@2026-09-01-beta'}/migrate`,
        body: datachain,
      },
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: the three ways answer the same envelope, and it succeeds',
    async (_, c) => {
      const { mcp } = await runThreeWays(c);
      expect(mcp.isError).toBeUndefined();
      expect(mcp.structuredContent.ok, JSON.stringify(mcp.structuredContent.errors)).toBe(true);
      if (c.tool === 'validate_datachain') expect(mcp.structuredContent.data).toEqual({ ok: true, warnings: [] });
      if (c.tool === 'migrate_datachain') expect(mcp.structuredContent.data.valid).toBe(true);
    },
  );

  it('renders as a page and a sign', async () => {
    for (const format of ['page', 'sign'] as const) {
      const link = 'https://transit.riverton.example.org/kingsway-sensors';
      const rendered = await call('render_datachain', { version, datachain, format, link });
      expect(rendered.env.ok, JSON.stringify(rendered.env.errors)).toBe(true);
    }
  });
});
