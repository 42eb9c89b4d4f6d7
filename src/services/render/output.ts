import { wellFormed } from '../../core/utf8.js';
import { invalidArguments } from '../../core/error-catalogue.js';
import { holdsSpace, isHttpUrl, misleadingUrl } from '../../core/addresses.js';
import type { Deadline } from '../../core/deadline.js';
import type { ErrorItem } from '../../core/envelope.js';
import type { DatachainInstance } from '../../domain/datachain.js';
import type { Finding } from '../validator/finding.js';
import { renderDocument } from './page/document.js';
import { fallbackFindings } from './shared/fallbacks.js';
import { iconResolver } from './icons/resolver.js';
import { Localizer } from './shared/localize.js';
import { renderSign } from './sign/sign.js';
import { SIGN_SIZES, type SignSize } from './sign/sizes.js';
import type { RenderSource } from './view/source.js';
import { renderSummary } from './summary.js';
import { buildView } from './view/view.js';

export const RENDER_FORMATS = ['page', 'sign'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];
/** Longest `link` a sign takes: longer links make QR codes too dense to scan from a small print. */
export const LINK_MAX_CHARS = 512;

export type RenderOptions =
  /** `unchecked`: no fluent speaker's review of the release's wording in `locale` is on record (the page says so). */
  | { format: 'page'; locale: string; link?: string; unchecked?: boolean }
  /** `size` defaults to A4; `locales`: the sign's languages, the first leading (default: `locale` alone). */
  | { format: 'sign'; locale: string; link: string; size?: SignSize; locales?: string[] };

export interface RenderOutput {
  format: RenderFormat;
  /** Media type of `body` as an HTTP answer. */
  mime: string;
  body: string;
  /** The datachain's non-blocking findings, then one `locale_fallback` per text shown in another locale. */
  warnings: Finding[];
  sectionCount: number;
  elementCount: number;
  /** Plain-text account of the render for a model, naming `uri` as where it is read, and its warnings; author values quoted as JSON strings. */
  summary(uri: string | undefined): string;
}

/**
 * Checks the format arguments; a sign needs `link`, an http(s) URL; `size` and `locales` are the
 * sign's only (two distinct locales at most; when given, `locales` replaces `locale`). Errors name
 * the argument and the fix.
 */
export function renderOptions(args: {
  format: RenderFormat;
  locale: string;
  link?: string;
  size?: SignSize;
  locales?: string[];
}): { ok: true; options: RenderOptions } | { ok: false; error: ErrorItem } {
  const { format, locale, link } = args;
  for (const arg of ['size', 'locales'] as const) {
    if (args[arg] !== undefined && format !== 'sign') {
      return {
        ok: false,
        error: invalidArguments({
          message: `${arg}: only a sign (format "sign") is printed at a paper size or in several locales.`,
          path: arg,
          fix_hint: `Add "format": "sign" and a "link", or remove "${arg}" (a page takes "locale").`,
        }),
      };
    }
  }
  const locales = args.locales ?? [locale];
  if (locales.length > 2 || new Set(locales).size !== locales.length) {
    return {
      ok: false,
      error: invalidArguments({
        message: `locales: a sign holds one or two different locales; got ${JSON.stringify(locales).slice(0, 80)}.`,
        path: 'locales',
        fix_hint: 'Give one or two different locales, the leading one first, e.g. ["en", "fr"].',
      }),
    };
  }
  if (link !== undefined) {
    if (link.length > LINK_MAX_CHARS || !isHttpUrl(link)) {
      return {
        ok: false,
        error: invalidArguments({
          message: holdsSpace(link)
            ? `link: '${link.slice(0, 80)}' holds a space, which an address cannot; write each as %20.`
            : `link: '${link.slice(0, 80)}' is not an http(s) URL of at most ${LINK_MAX_CHARS} characters.`,
          path: 'link',
          fix_hint:
            'Give the full address of the published disclosure page, e.g. "https://example.org/ai/traffic-cameras"; shorter links make QR codes easier to scan.',
        }),
      };
    }
    const misleading = misleadingUrl(link);
    if (misleading)
      return {
        ok: false,
        error: invalidArguments({ message: `link: ${misleading.why}`, path: 'link', fix_hint: misleading.fix }),
      };
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
    const size = args.size ?? 'a4';
    if (!SIGN_SIZES.includes(size)) {
      return {
        ok: false,
        error: invalidArguments({
          message: `size: '${String(size).slice(0, 20)}' is not a sheet size a sign is printed at.`,
          path: 'size',
          fix_hint: `Use one of ${SIGN_SIZES.map((s) => `"${s}"`).join(', ')} (portrait; default "a4").`,
        }),
      };
    }
    return { ok: true, options: { format, locale: locales[0]!, link, size, locales } };
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
  // A two-locale sign reads the datachain once more in its second locale.
  const more = sign ? (options.locales ?? []).slice(1).map((l) => new Localizer(l)) : [];
  const signed = sign
    ? renderSign(
        [view, ...more.map((l) => buildView(checked.value, src, l, deadline))],
        { link: options.link, size: options.size ?? 'a4' },
        icons,
      )
    : undefined;
  // The page and the sign go out as UTF-8 bytes: a lone surrogate in the datachain's text becomes U+FFFD.
  const made = signed
    ? signed.svg
    : renderDocument(
        {
          ...view,
          ...(options.link ? { about: { ...view.about, link: options.link } } : {}),
          ...(options.format === 'page' && options.unchecked ? { unchecked: true } : {}),
        },
        icons,
      );
  const body = wellFormed(made);
  const warnings = [
    ...checked.warnings,
    ...fallbackFindings(loc.fallbacks, options.locale),
    ...more.flatMap((l) => fallbackFindings(l.fallbacks, l.locale)),
    ...(signed?.warnings ?? []),
  ];
  return {
    format: options.format,
    mime: sign ? 'image/svg+xml' : 'text/html; charset=utf-8',
    body,
    warnings,
    sectionCount: view.sections.length,
    elementCount: view.sections.reduce((n, s) => n + s.cards.length, 0),
    summary: (uri) => renderSummary(view, src.version, options.format, uri, warnings),
  };
}
