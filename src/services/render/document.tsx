import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import { innerColor } from '../color.js';
import { labelsFor, type Labels } from './labels.js';
import { STYLES } from './styles.js';
import type { TextPart } from './text.js';
import type { CardView, DocView, SectionView } from './view.js';

/** The page's Content-Security-Policy: no scripts, no requests; inline styles and data: images only. */
export const DOCUMENT_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

type IconOf = (icon: CardView['icon']) => string;

function Parts({ parts }: { parts: readonly TextPart[] }) {
  return <>{parts.map((p) => ('text' in p ? p.text : 'value' in p
    ? <span class="var" data-variable={p.variable}>{p.value}</span>
    : <span class="missing" data-variable={p.missing}>{`{{${p.missing}}}`}</span>))}</>;
}

function Provenance({ p, t }: { p: NonNullable<CardView['provenance']>; t: Labels }) {
  return (
    <details class="prov">
      <summary>{t.provenance}</summary>
      {p.rationale ? <p>{p.rationale}</p> : null}
      {Object.entries(p.variable_rationale ?? {}).map(([id, why]) => <p><span class="var">{id}</span>: {why}</p>)}
      {(p.source_references ?? []).map((q) => <blockquote><p>{q.quote}</p>{q.context ? <cite>{q.context}</cite> : null}</blockquote>)}
      {p.confidence ? <dl class="vars"><dt>{t.confidence}</dt><dd>{p.confidence}</dd></dl> : null}
    </details>
  );
}

function Card({ c, t, iconOf }: { c: CardView; t: Labels; iconOf: IconOf }) {
  const tagStyle = c.context?.color ? `background:${c.context.color};color:${innerColor(c.context.color)};border-color:${c.context.color}` : undefined;
  return (
    <li>
      <article class={c.proposed ? 'card proposed' : 'card'} id={`placement-${c.key}`} data-element-id={c.elementId}>
        <header>
          <img class="dtpr-icon" src={iconOf(c.icon)} alt="" width="48" height="48" />
          <div>
            <h3><Parts parts={c.title} />{c.citations.map((n) => <sup class="cite"><a href={`#source-${n}`}>[{n}]</a></sup>)}</h3>
            {c.context ? <span class="tag" style={tagStyle}>{c.context.name}</span> : null}
            {c.proposed ? <span class="tag" title={t.proposedNote}>{t.proposed}</span> : null}
          </div>
        </header>
        <p><Parts parts={c.description} /></p>
        {c.missingRequired.length ? <p class="warn" role="note">{t.missing} {c.missingRequired.join(', ')}</p> : null}
        {c.variables.length ? <dl class="vars">{c.variables.map((v) => <><dt>{v.label}</dt><dd>{v.value}</dd></>)}</dl> : null}
        {c.actions.length ? <ul class="actions">{c.actions.map((a) => <li>{a.href ? <a href={a.href} rel="noopener noreferrer">{a.label}</a> : <>{a.label}: {a.text}</>}</li>)}</ul> : null}
        {c.provenance ? <Provenance p={c.provenance} t={t} /> : null}
      </article>
    </li>
  );
}

function Section({ s, t, iconOf }: { s: SectionView; t: Labels; iconOf: IconOf }) {
  return (
    <section class="cat" id={`section-${s.id}`} aria-labelledby={`h-${s.id}`}>
      <h2 id={`h-${s.id}`}>{s.title}{s.required ? <span class="req">{t.required}</span> : null}</h2>
      {s.description ? <p>{s.description}</p> : null}
      {s.cards.length ? <ul class="cards">{s.cards.map((c) => <Card c={c} t={t} iconOf={iconOf} />)}</ul> : <p class="empty" role="note">{t.requiredEmpty}</p>}
    </section>
  );
}

function draftingNote(d: NonNullable<DocView['drafting']>, t: Labels): string {
  const details = [d.model ? `${t.model}: ${d.model}` : '', d.generated_at ?? ''].filter(Boolean).join(', ');
  return details ? `${t.aiDrafted} (${details})` : t.aiDrafted;
}

/** Renders the whole HTML5 document. Every value goes through JSX escaping; no raw HTML is inserted. */
export function renderDocument(view: DocView, iconOf: IconOf): string {
  const t = labelsFor(view.lang);
  const body: Child = (
    <html lang={view.lang}>
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content={DOCUMENT_CSP} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{view.title}</title>
        <style>{raw(STYLES)}</style>
      </head>
      <body>
        <main>
          <header class="doc">
            <h1>{view.title}</h1>
            {view.description ? <p>{view.description}</p> : null}
            {view.version ? <p class="meta">{t.schema}: {view.version}</p> : null}
            {view.drafting ? <p class="meta">{draftingNote(view.drafting, t)}</p> : null}
          </header>
          {view.sections.length > 1 ? <nav class="toc" aria-label={t.contents}><ol>{view.sections.map((s) => <li><a href={`#section-${s.id}`}>{s.title}</a></li>)}</ol></nav> : null}
          {view.sections.map((s) => <Section s={s} t={t} iconOf={iconOf} />)}
          {view.subchains.length ? <section class="cat" aria-labelledby="h-flows"><h2 id="h-flows">{t.dataFlows}</h2><ul class="flows">{view.subchains.map((f) => <li><strong>{f.name}</strong>: {f.items.join(' \u2192 ')}</li>)}</ul></section> : null}
          {view.sources.length ? <section class="cat" aria-labelledby="h-sources"><h2 id="h-sources">{t.sources}</h2><ol class="sources">{view.sources.map((s) => <li id={`source-${s.n}`}>{s.href ? <a href={s.href} rel="noopener noreferrer">{s.title}</a> : s.title}{s.citation ? <>, {s.citation}</> : null} <span class="meta">({s.type})</span></li>)}</ol></section> : null}
        </main>
      </body>
    </html>
  );
  return `<!doctype html>${String(body)}`;
}
