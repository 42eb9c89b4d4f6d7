/** @jsxImportSource ./jsx */
import type { SourceView } from '../view/citations.js';
import { labelOf, type Labels } from '../shared/labels.js';
import { releaseName, writtenDate } from '../shared/dates.js';
import type { AboutView } from '../view/view.js';

/** A date as written in the page's language, in `<time>` with the machine-readable value. */
function When({ iso, lang }: { iso: string; lang: string }) {
  return (
    <time class="date" datetime={iso}>
      {writtenDate(iso, lang) ?? iso}
    </time>
  );
}

/**
 * The author metadata footer: where the disclosure is published, the taxonomy release by its name
 * and date (the id stays machine-readable in `<data>`), dates as written in `lang`, drafting, and
 * the numbered sources the cards cite.
 */
export function About({
  a,
  sources,
  t,
  lang,
  plainLang,
}: {
  a: AboutView;
  sources: readonly SourceView[];
  t: Labels;
  lang: string;
  plainLang?: string;
}) {
  const d = a.drafting;
  const drafted = d ? [d.model ? `${t.model} ${d.model}` : '', d.generatedAt ?? ''].filter(Boolean) : [];
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a footer names its section by its heading
    <footer class="about" aria-labelledby="h-about">
      <div class="wrap">
        <h2 id="h-about">{t.about}</h2>
        <p>{t.aboutNote}</p>
        <dl class="facts">
          {a.link ? (
            <div>
              <dt>{t.publishedAt}</dt>
              <dd>
                <a href={a.link} rel="noopener noreferrer">
                  {a.link}
                </a>
              </dd>
            </div>
          ) : null}
          {a.version ? (
            <div>
              <dt>{t.schema}</dt>
              <dd>
                <data value={a.version}>{releaseName(a.version, t, lang)}</data>
              </dd>
            </div>
          ) : null}
          {a.id ? (
            <div>
              <dt>{t.disclosureId}</dt>
              <dd>{a.id}</dd>
            </div>
          ) : null}
          {a.createdAt ? (
            <div>
              <dt>{t.created}</dt>
              <dd>
                <When iso={a.createdAt} lang={lang} />
              </dd>
            </div>
          ) : null}
          {a.updatedAt ? (
            <div>
              <dt>{t.updated}</dt>
              <dd>
                <When iso={a.updatedAt} lang={lang} />
              </dd>
            </div>
          ) : null}
          {d ? (
            <div>
              <dt>{t.drafting}</dt>
              <dd>
                {t.aiDrafted}
                {drafted.length ? (
                  <>
                    {' ('}
                    {d.model ? `${t.model} ${d.model}` : null}
                    {d.model && d.generatedAt ? ', ' : null}
                    {d.generatedAt ? <When iso={d.generatedAt} lang={lang} /> : null}
                    {')'}
                  </>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
        {sources.length ? (
          <>
            <h3 id="h-sources">{t.sources}</h3>
            <ol class="sources" aria-labelledby="h-sources">
              {sources.map((s) => (
                <li id={`source-${s.n}`}>
                  {s.href ? (
                    <a href={s.href} rel="noopener noreferrer" lang={plainLang}>
                      {s.title}
                    </a>
                  ) : (
                    <span lang={plainLang}>{s.title}</span>
                  )}
                  {s.citation ? (
                    <>
                      , <span lang={plainLang}>{s.citation}</span>
                    </>
                  ) : null}{' '}
                  <span class="src-type">({labelOf(t, `src_${s.type}`) ?? s.type})</span>
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
    </footer>
  );
}
