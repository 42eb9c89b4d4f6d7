import type { SourceView } from '../view/citations.js';
import { labelOf, type Labels } from '../shared/labels.js';
import type { AboutView } from '../view/view.js';

const day = (iso: string | undefined) => iso?.slice(0, 10);

/** The author metadata footer: versions, dates, drafting and the numbered sources the cards cite. */
export function About({
  a,
  sources,
  t,
  plainLang,
}: {
  a: AboutView;
  sources: readonly SourceView[];
  t: Labels;
  plainLang?: string;
}) {
  const drafted = a.drafting
    ? [
        t.aiDrafted,
        [a.drafting.model ? `${t.model} ${a.drafting.model}` : '', day(a.drafting.generatedAt) ?? '']
          .filter(Boolean)
          .join(', '),
      ].filter(Boolean)
    : [];
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a footer names its section by its heading
    <footer class="about" aria-labelledby="h-about">
      <div class="wrap">
        <h2 id="h-about">{t.about}</h2>
        <p>{t.aboutNote}</p>
        <dl class="facts">
          {a.version ? (
            <div>
              <dt>{t.schema}</dt>
              <dd>{a.version}</dd>
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
                <time datetime={a.createdAt}>{day(a.createdAt)}</time>
              </dd>
            </div>
          ) : null}
          {a.updatedAt ? (
            <div>
              <dt>{t.updated}</dt>
              <dd>
                <time datetime={a.updatedAt}>{day(a.updatedAt)}</time>
              </dd>
            </div>
          ) : null}
          {drafted.length ? (
            <div>
              <dt>{t.drafting}</dt>
              <dd>
                {drafted[0]}
                {drafted[1] ? ` (${drafted[1]})` : ''}
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
