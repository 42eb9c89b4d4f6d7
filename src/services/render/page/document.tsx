/** @jsxImportSource ./jsx */
import { raw } from './jsx/jsx-runtime.js';
import type { Child } from './jsx/jsx-runtime.js';
import { iconSheet, type IconOf } from '../icons/resolver.js';
import { labelsFor } from '../shared/labels.js';
import { About } from './about.js';
import { Section } from './card.js';
import { Glance } from './glance.js';
import { Parts, Txt } from './parts.js';
import { STYLES } from '../shared/styles.js';
import type { DocView } from '../view/view.js';

/** The page's Content-Security-Policy: no scripts, no requests; inline styles and data: images only. */
const DOCUMENT_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/**
 * Renders the whole HTML5 document. Every value goes through JSX escaping; the raw insertions are
 * the constant stylesheet and the icon stylesheet, whose only variable parts are data: URIs of
 * composed icons, each checked against CSS_SAFE_URI before insertion.
 */
export function renderDocument(view: DocView, iconOf: IconOf): string {
  const t = labelsFor(view.lang, view.datachainType);
  const icons = iconSheet(
    view.sections.flatMap((s) => s.cards.map((c) => c.icon)),
    iconOf,
  );
  const title = view.title.text ? view.title : { text: t.untitled };
  const sources = new Map(view.sources.map((s) => [s.n, s]));
  const body: Child = (
    <html lang={view.lang}>
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content={DOCUMENT_CSP} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{title.text}</title>
        <style>{raw(STYLES)}</style>
        <style>{raw(icons.css)}</style>
      </head>
      <body>
        <header class="doc">
          <div class="wrap">
            <p class="kicker">{t.kicker}</p>
            <h1>
              <Txt t={title} />
            </h1>
            {view.description.text ? (
              <p class="lead">
                <Txt t={view.description} />
              </p>
            ) : null}
            {view.fallback ? (
              <p class="note" role="note">
                {t.fallbackNote}
              </p>
            ) : null}
            {view.unchecked ? (
              <p class="note" role="note">
                {t.reviewNote}
              </p>
            ) : null}
          </div>
        </header>
        <main class="wrap">
          {view.glance ? <Glance g={view.glance} t={t} /> : null}
          {view.sections.length > 1 ? (
            <nav class="toc" aria-label={t.contents}>
              <h2 class="toc-title">{t.contents}</h2>
              <ol>
                {view.sections.map((s) => (
                  <li>
                    <a href={`#section-${s.id}`}>
                      <Txt t={s.title} />
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <div class="sections">
            {view.sections.map((s) => (
              <Section s={s} t={t} iconOf={icons.classOf} plainLang={view.plainLang} sources={sources} />
            ))}
            {view.flows.length ? (
              <section class="cat flows" id="section-flows" aria-labelledby="h-flows">
                <h2 id="h-flows">{t.dataFlows}</h2>
                <ul class="flows">
                  {view.flows.map((f) => (
                    <li>
                      {/* The section's heading names a single flow; several are told apart by name. */}
                      {view.flows.length > 1 ? (
                        <>
                          <strong>
                            <Txt t={f.name} />
                          </strong>
                          {t.colon}{' '}
                        </>
                      ) : null}
                      <ol class="chain">
                        {f.items.map((i) => (
                          <li>
                            <a href={`#placement-${i.key}`}>
                              <Parts parts={i.text} />
                            </a>
                          </li>
                        ))}
                      </ol>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        </main>
        {view.about.version || view.about.id ? (
          <About a={view.about} sources={view.sources} t={t} lang={view.lang} plainLang={view.plainLang} />
        ) : null}
      </body>
    </html>
  );
  return `<!doctype html>${String(body)}`;
}
