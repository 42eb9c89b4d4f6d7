import { invalidArguments } from '../../core/error-catalogue.js';
import { isHttpUrl } from '../../core/addresses.js';
import type { Deadline } from '../../core/deadline.js';
import type { ErrorItem } from '../../core/envelope.js';
import type { DatachainInstance } from '../../domain/datachain.js';
import type { Finding } from '../validator/finding.js';
import { renderDocument } from './page/document.js';
import { fallbackFindings } from './shared/fallbacks.js';
import { iconResolver } from './icons/resolver.js';
import { Localizer } from './shared/localize.js';
import { renderSign } from './sign/sign.js';
import type { RenderSource } from './view/source.js';
import { renderSummary } from './summary.js';
import { buildView } from './view/view.js';

export const RENDER_FORMATS = ['page', 'sign'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];
/** Longest `link` a sign takes: longer links make QR codes too dense to scan from a small print. */
export const LINK_MAX_CHARS = 512;

export type RenderOptions =
  | { format: 'page'; locale: string; link?: string }
  | { format: 'sign'; locale: string; link: string };

export interface RenderOutput {
  format: RenderFormat;
  /** Media type of `body` as an HTTP answer. */
  mime: string;
  body: string;
  /** The datachain's non-blocking findings, then one `locale_fallback` per text shown in another locale. */
  warnings: Finding[];
  sectionCount: number;
  elementCount: number;
  /** Plain-text account of the render for a model, naming `uri` as where it is read; author values quoted as JSON strings. */
  summary(uri: string | undefined): string;
}

/** Checks the format arguments; a sign needs `link`, an http(s) URL. Errors name the argument and the fix. */
export function renderOptions(args: {
  format: RenderFormat;
  locale: string;
  link?: string;
}): { ok: true; options: RenderOptions } | { ok: false; error: ErrorItem } {
  const { format, locale, link } = args;
  if (link !== undefined) {
    if (link.length > LINK_MAX_CHARS || !isHttpUrl(link)) {
      return {
        ok: false,
        error: invalidArguments({
          message: `link: '${link.slice(0, 80)}' is not an http(s) URL of at most ${LINK_MAX_CHARS} characters.`,
          path: 'link',
          fix_hint:
            'Give the full address of the published disclosure page, e.g. "https://example.org/ai/traffic-cameras"; shorter links make QR codes easier to scan.',
        }),
      };
    }
  }
  if (format === 'sign') {
    if (link === undefined) {
      return {
        ok: false,
        error: invalidArguments({
          message: 'link: a sign needs the http(s) URL of the full disclosure; its QR code points there.',
          path: 'link',
          fix_hint:
            'Add "link": "https://..." (the page where the full disclosure is published), or use format "page".',
        }),
      };
    }
    return { ok: true, options: { format, locale, link } };
  }
  return { ok: true, options: { format: 'page', locale, link } };
}

/**
 * Renders a checked datachain as a page or a sign, checking `deadline` once per placement. Pure:
 * storing the body (MCP session slot) or answering it (REST) is the caller's business.
 */
export function renderOutput(
  checked: { value: DatachainInstance; warnings: readonly Finding[] },
  src: RenderSource,
  options: RenderOptions,
  deadline?: Deadline,
): RenderOutput {
  const loc = new Localizer(options.locale);
  const view = buildView(checked.value, src, loc, deadline);
  const icons = iconResolver(src);
  const sign = options.format === 'sign';
  const body = sign ? renderSign(view, options.link, icons) : renderDocument(view, icons);
  return {
    format: options.format,
    mime: sign ? 'image/svg+xml' : 'text/html; charset=utf-8',
    body,
    warnings: [...checked.warnings, ...fallbackFindings(loc.fallbacks, options.locale)],
    sectionCount: view.sections.length,
    elementCount: view.sections.reduce((n, s) => n + s.cards.length, 0),
    summary: (uri) => renderSummary(view, src.version, options.format, uri),
  };
}
