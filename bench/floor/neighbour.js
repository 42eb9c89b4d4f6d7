// Another tenant of the same workerd process, for `npm run bench:cold`: a Worker that uses the
// Intl services, in a few common locales, as Workers commonly do (dates, numbers, plural rules,
// comparison, text segmentation). ICU's data and V8's tables of available locales are built once
// per process and shared by every isolate in it; on Cloudflare a Worker's new isolate starts in a
// process that has hosted others, so this one runs first to stand for them. It never calls ours.
const LOCALES = ['en', 'fr', 'es', 'de', 'pt', 'zh', 'ja', 'ar'];
const TEXT = 'A short text. It has two sentences, and some words.';

export default {
  async fetch() {
    const out = [];
    for (const locale of LOCALES) {
      out.push(new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(0));
      out.push(new Date(0).toLocaleString(locale), new Intl.NumberFormat(locale).format(1234.5));
      out.push(new Intl.PluralRules(locale).select(2), new Intl.Collator(locale).compare('a', 'b'));
      out.push(new Intl.RelativeTimeFormat(locale).format(-1, 'day'), new Intl.ListFormat(locale).format(['a', 'b']));
      for (const granularity of ['grapheme', 'word', 'sentence'])
        out.push([...new Intl.Segmenter(locale, { granularity }).segment(TEXT)].length);
      out.push(TEXT.toLocaleUpperCase(locale), TEXT.normalize('NFD').length);
    }
    return new Response(JSON.stringify(out), { headers: { 'content-type': 'application/json' } });
  },
};
