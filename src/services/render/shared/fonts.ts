/**
 * Font stacks of the page and the sign, per script: named fonts first where a script needs them,
 * then the system's UI fonts, then Noto Sans, then the generic family. System fonts only, nothing
 * fetched. Chinese names the Simplified or Traditional cut (their glyph shapes differ), so the
 * script's font leads there; Khmer names a Khmer font first because common UI fonts lack it.
 * Noto names match Debian's fonts-noto-cjk and fonts-noto-core packages.
 */
const LATIN = 'system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif';

/** The fonts a locale's script needs before the Latin ones, by locale code (none for Latin scripts, Vietnamese included). */
const SCRIPT_FONTS: Readonly<Record<string, string>> = {
  'zh-Hans': '"Noto Sans CJK SC","Source Han Sans SC","PingFang SC","Microsoft YaHei"',
  'zh-Hant': '"Noto Sans CJK TC","Source Han Sans TC","PingFang TC","Microsoft JhengHei"',
  km: '"Noto Sans Khmer","Khmer OS","Khmer Sangam MN","Khmer UI","Leelawadee UI"',
};

/**
 * The stack for text in `langs`, the first leading: each one's script fonts in that order, then the
 * Latin stack. A tag matches by its locale code (`zh-Hans-CN` as `zh-Hans`; bare `zh` as `zh-Hans`).
 */
export function fontStack(...langs: readonly (string | undefined)[]): string {
  const own = [...new Set(langs.map((l) => scriptFonts(l)).filter(Boolean))];
  return own.length ? `${own.join(',')},${LATIN}` : LATIN;
}

function scriptFonts(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  const tag = lang.toLowerCase();
  if (tag === 'zh' || tag.startsWith('zh-'))
    return SCRIPT_FONTS[/^zh-(hant|tw|hk|mo)\b/.test(tag) ? 'zh-Hant' : 'zh-Hans'];
  return SCRIPT_FONTS[tag.split('-')[0]!];
}

/**
 * CSS giving every element the stack of its language through the `--font` property (set where
 * the language is, read by `body` and by every element that names its own language).
 */
export const FONT_CSS =
  `:root{--font:${LATIN}}` +
  `:lang(zh){--font:${fontStack('zh-Hans')}}` +
  `:lang(zh-Hant){--font:${fontStack('zh-Hant')}}` +
  `:lang(km){--font:${fontStack('km')}}` +
  'body,[lang]{font-family:var(--font)}';
