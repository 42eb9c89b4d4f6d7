/** @jsxImportSource ./jsx */
import { innerColor } from '../icons/color.js';
import type { ActionView, ContextBadge } from '../view/card.js';
import type { LocalText } from '../shared/localize.js';
import { partsRuns, type TextPart } from '../view/text.js';

/** A text, in a span carrying its own `lang` when it is written in another locale than the page. */
export function Txt({ t }: { t: LocalText }) {
  // biome-ignore lint/complexity/noUselessFragments: a component answers an element, not a bare string
  return t.lang ? <span lang={t.lang}>{t.text}</span> : <>{t.text}</>;
}

/**
 * The parts as plain text for a screen reader (no emphasis, no flag), each run written in another
 * locale than the page in a span carrying its `lang`, as on the page itself.
 */
export function PlainParts({ parts }: { parts: readonly TextPart[] }) {
  return <>{partsRuns(parts).map((r) => (r.lang ? <span lang={r.lang}>{r.text}</span> : r.text))}</>;
}

/** A title or description: filled variables in their own span (emphasised), missing ones flagged. */
export function Parts({ parts }: { parts: readonly TextPart[] }) {
  return (
    <>
      {parts.map((p) =>
        'missing' in p ? (
          <span class="missing" data-variable={p.missing}>{`{{${p.missing}}}`}</span>
        ) : 'variable' in p ? (
          <span class="var" data-variable={p.variable} lang={p.lang}>
            {p.value}
          </span>
        ) : p.lang ? (
          <span lang={p.lang}>{p.text}</span>
        ) : (
          p.text
        ),
      )}
    </>
  );
}

/** A context value as a tag, in the value's colour when it has one. */
export function Badge({ b, title }: { b: ContextBadge; title?: string }) {
  const style = b.color ? `background:${b.color};color:${innerColor(b.color)};border-color:${b.color}` : undefined;
  return (
    <span class="tag ctx" style={style} title={title}>
      <Txt t={b.name} />
    </span>
  );
}

/**
 * A contact action. Phone and email show their target as the link text (people copy it or print
 * it); web links show the label; postal addresses are text. Only safe hrefs become links.
 */
export function Action({ a, colon = ':' }: { a: ActionView; colon?: string }) {
  if (a.href && a.type !== 'phone' && a.type !== 'email') {
    return (
      <span class="act">
        <a href={a.href} rel="noopener noreferrer" class="act-link">
          <Txt t={a.label} />
        </a>
      </span>
    );
  }
  return (
    <span class="act">
      <span class="act-label">
        <Txt t={a.label} />
        {colon}
      </span>{' '}
      {a.href ? (
        <a href={a.href} class="act-link">
          {a.text}
        </a>
      ) : (
        <span class="act-text">{a.text}</span>
      )}
    </span>
  );
}

/** A decorative icon painted by its class in the page's icon stylesheet (light and dark variants). */
export function Icon({ cls }: { cls: string }) {
  return <span class={`dtpr-icon ${cls}`} aria-hidden="true" />;
}
