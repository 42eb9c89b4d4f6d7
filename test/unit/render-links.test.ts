import { describe, expect, it } from 'vitest';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { renderOutput } from '../../src/services/render/output.js';
import { releaseSource } from '../../src/services/render/view/source.js';
import { safeHref } from '../../src/services/render/view/text.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';

const BAD = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>1</script>',
  'vbscript:x',
  'file:///etc/passwd',
  '//evil.example.com',
  'mailto:x@y.z?body=<script>',
  'x@y',
];

describe('links in the rendered page', () => {
  it('only http, https, mailto and tel survive', () => {
    for (const target of BAD)
      for (const kind of ['web', 'email', 'phone'] as const) expect(safeHref(target, kind)).toBeUndefined();
    expect(safeHref('+1 (555) 01-00', 'phone')).toBe('tel:+15550100');
    expect(safeHref('tel:+33 1 23 45 67 89', 'phone')).toBe('tel:+33123456789');
    expect(safeHref('+1 555 0100; drop', 'phone')).toBeUndefined();
    expect(safeHref('mailto:person@example.org', 'email')).toBe('mailto:person@example.org');
    expect(safeHref('https://a.example/x?y=1', 'web')).toBe('https://a.example/x?y=1');
    expect(safeHref('person@example.org', 'email')).toBe('mailto:person@example.org');
    expect(safeHref('a"b@c.d', 'email')).toBeUndefined();
  });
  it('renders hostile targets and source URLs as text even when validation is bypassed', () => {
    const release = catalogueStore().release('ai@2026-08-12')!;
    const dc = DatachainInstance.parse({
      elements: [
        {
          element_id: 'institution',
          actions: BAD.flatMap((target) => [
            { type: 'url', label: [{ locale: 'en', value: 'u' }], target },
            { type: 'email', label: [{ locale: 'en', value: 'e' }], target },
            { type: 'form', label: [{ locale: 'en', value: 'f' }], target },
          ]),
        },
      ],
    });
    // The validator refuses these source URLs; the page must not trust that it ran.
    dc.sources = BAD.map((url) => ({
      type: 'other',
      title: 'S',
      url: url.startsWith('//') || url === 'x@y' ? 'https://ok.example' : url,
    }));
    const html = renderOutput({ value: dc, warnings: [] }, releaseSource(release), {
      format: 'page',
      locale: 'en',
    }).body;
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    for (const href of hrefs) expect(href).toMatch(/^(https:\/\/ok\.example|#)/);
    expect(html).toContain('javascript:alert(1)');
  });
  it('the validator refuses source URLs other than http, https and mailto, with a path and a fix', () => {
    const parsed = DatachainInstance.safeParse({
      elements: [],
      sources: BAD.slice(0, 6).map((url) => ({ type: 'other', title: 'S', url })),
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual([
      'sources.0.url',
      'sources.1.url',
      'sources.2.url',
      'sources.3.url',
      'sources.4.url',
      'sources.5.url',
    ]);
    expect(parsed.error!.issues[0]!.message).toMatch(/http, https or mailto/);
    expect(
      DatachainInstance.safeParse({
        elements: [],
        sources: [{ type: 'other', title: 'S', url: 'mailto:dpo@example.org' }],
      }).success,
    ).toBe(true);
  });
});
