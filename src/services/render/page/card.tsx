/** @jsxImportSource ./jsx */
import type { CardView } from '../view/card.js';
import type { SourceView } from '../view/citations.js';
import type { IconClassOf } from '../icons/resolver.js';
import { labelOf, type Labels } from '../shared/labels.js';
import { Action, Badge, Icon, Parts, PlainParts, Txt } from './parts.js';
import type { SectionView } from '../view/view.js';

function Provenance({
  c,
  p,
  t,
  lang,
}: {
  c: CardView;
  p: NonNullable<CardView['provenance']>;
  t: Labels;
  lang?: string;
}) {
  return (
    <details class="prov">
      <summary>{t.provenance}</summary>
      {p.rationale ? <p lang={lang}>{p.rationale}</p> : null}
      {Object.entries(p.variable_rationale ?? {}).map(([id, why]) => (
        <p>
          <span class="field-id">
            <Txt t={c.labels.get(id) ?? { text: id }} />
          </span>
          {t.colon} <span lang={lang}>{why}</span>
        </p>
      ))}
      {(p.source_references ?? []).map((q) => (
        <blockquote lang={lang}>
          <p>{q.quote}</p>
          {q.context ? <cite>{q.context}</cite> : null}
        </blockquote>
      ))}
      {p.confidence ? (
        <p>
          {t.confidence}
          {t.colon} {labelOf(t, p.confidence) ?? p.confidence}
        </p>
      ) : null}
    </details>
  );
}

/**
 * One placement. The author's words lead (name, fields, contacts); the schema's generic
 * description follows in smaller type; provenance stays folded.
 */
function Card({
  c,
  t,
  iconOf,
  plainLang,
  sources,
}: {
  c: CardView;
  t: Labels;
  iconOf: IconClassOf;
  plainLang?: string;
  sources: ReadonlyMap<number, SourceView>;
}) {
  const hasDescription = c.description.some((p) => !('text' in p) || p.text.trim() !== '');
  const sole = c.fields.length === 1 && c.fields[0]!.prose ? c.fields[0]! : undefined;
  const cited = c.citations.map((n) => sources.get(n)).filter((s): s is SourceView => s !== undefined);
  return (
    <li>
      <article class={c.proposed ? 'card proposed' : 'card'} id={`placement-${c.key}`} data-element-id={c.elementId}>
        <header>
          <Icon cls={iconOf(c.icon)} />
          <div>
            <h3>
              <Parts parts={c.heading} />
            </h3>
            <p class="tags">
              {c.kind ? (
                <span class="tag kind">
                  <Parts parts={c.kind} />
                </span>
              ) : null}
              {c.context ? <Badge b={c.context} /> : null}
              {c.proposed ? (
                <span class="tag" title={t.proposedNote}>
                  {t.proposed}
                </span>
              ) : null}
            </p>
          </div>
        </header>
        {sole ? (
          <p class="card-text" lang={sole.value.lang}>
            {sole.value.text}
          </p>
        ) : c.fields.length ? (
          <dl class="fields">
            {c.fields.map((f) => (
              <div>
                <dt>{f.labelKey ? (labelOf(t, f.labelKey) ?? f.label.text) : <Txt t={f.label} />}</dt>
                <dd>
                  <span class="value" lang={f.value.lang}>
                    {f.value.text}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {c.actions.length ? (
          <ul class="actions">
            {c.actions.map((a) => (
              <li>
                <Action a={a} colon={t.colon} />
              </li>
            ))}
          </ul>
        ) : null}
        {c.missingRequired.length ? (
          <p class="warn" role="note">
            {c.missingRequired.length === 1 ? t.missingOne : t.missing}{' '}
            {c.missingRequired.map((l, i) => (
              <>
                {i ? ', ' : ''}
                <Txt t={l} />
              </>
            ))}
          </p>
        ) : null}
        {cited.length ? (
          <p class="cites">
            {cited.length === 1 ? t.source : t.sources}
            {t.colon}{' '}
            {cited.map((s, i) => (
              <>
                {i ? '; ' : ''}
                <a href={`#source-${s.n}`} lang={plainLang}>
                  {s.title}
                </a>
              </>
            ))}
          </p>
        ) : null}
        {hasDescription ? (
          <details class="generic">
            <summary>
              {t.meaning}
              <span class="vh">
                {t.colon} <PlainParts parts={c.heading} />
              </span>
            </summary>
            <p>
              <Parts parts={c.description} />
            </p>
          </details>
        ) : null}
        {c.provenance ? <Provenance c={c} p={c.provenance} t={t} lang={plainLang} /> : null}
      </article>
    </li>
  );
}

/** One category: its name and generic explanation beside (or above) its cards. */
export function Section({
  s,
  t,
  iconOf,
  plainLang,
  sources,
}: {
  s: SectionView;
  t: Labels;
  iconOf: IconClassOf;
  plainLang?: string;
  sources: ReadonlyMap<number, SourceView>;
}) {
  return (
    <section class="cat" id={`section-${s.id}`} aria-labelledby={`h-${s.id}`}>
      <h2 id={`h-${s.id}`}>
        <Txt t={s.title} />
        {s.required && s.cards.length === 0 ? <span class="req">{t.required}</span> : null}
      </h2>
      {s.description.text ? (
        <p class="intro">
          <Txt t={s.description} />
        </p>
      ) : null}
      {s.cards.length ? (
        <ul class={s.cards.length === 1 ? 'cards single' : 'cards'}>
          {s.cards.map((c) => (
            <Card c={c} t={t} iconOf={iconOf} plainLang={plainLang} sources={sources} />
          ))}
        </ul>
      ) : (
        <p class="empty" role="note">
          {t.requiredEmpty}
        </p>
      )}
    </section>
  );
}
