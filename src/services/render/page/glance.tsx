/** @jsxImportSource ./jsx */
import type { ActionView } from '../view/card.js';
import type { GlanceItem, GlanceRow, GlanceView } from '../view/glance.js';
import { labelOf, type Labels } from '../shared/labels.js';
import type { Excerpt } from '../view/excerpt.js';
import type { TextPart } from '../view/text.js';
import { Action, Badge, Parts, PlainParts, Txt } from './parts.js';

/** A question; a link to its section when the page has one. */
function Question({ row, t }: { row: GlanceRow; t: Labels }) {
  const text = labelOf(t, `q_${row.id}`) ?? row.id;
  return <dt>{row.section ? <a href={`#section-${row.section}`}>{text}</a> : text}</dt>;
}

/**
 * The start of an author text, in regular weight; when the card holds more, a link to it whose
 * name says which card (`about` is the element's name or title).
 */
function Start({ e, t, card, about }: { e: Excerpt; t: Labels; card: string; about: TextPart[] }) {
  return (
    <>
      <Txt t={e.text} />
      {e.cut ? (
        <>
          {' '}
          <a class="more" href={`#placement-${card}`}>
            {t.more}
            <span class="vh">
              {t.colon} <PlainParts parts={about} />
            </span>
          </a>
        </>
      ) : null}
    </>
  );
}

/**
 * One answer. The responsible party: its name, its role right after it (so the role never reads as
 * the next party's), then the start of its description. Any other: the start of the author's text,
 * then the element title in small muted type; without an author text, the title alone (a link to
 * the card when the row left the text there). A risk's
 * second text follows under its "What is done" label.
 */
function Item({ i, t, lead }: { i: GlanceItem; t: Labels; lead: boolean }) {
  const badge = i.badge ? (
    <>
      {' '}
      <Badge b={i.badge} />
    </>
  ) : null;
  if (lead) {
    return (
      <li>
        <span class="name">
          <Parts parts={i.text} />
        </span>
        {badge}
        {i.own ? (
          <span class="own-note">
            <Start e={i.own} t={t} card={i.key} about={i.text} />
          </span>
        ) : null}
      </li>
    );
  }
  return (
    <li>
      {i.direction ? (
        <span class="dir">
          {i.direction === 'in' ? t.dataIn : t.dataOut}
          {t.colon}{' '}
        </span>
      ) : null}
      {i.own ? (
        <>
          <Start e={i.own} t={t} card={i.key} about={i.text} />{' '}
          <span class="kind">
            <Parts parts={i.text} />
          </span>
        </>
      ) : i.inCard ? (
        <a href={`#placement-${i.key}`}>
          <Parts parts={i.text} />
        </a>
      ) : (
        <Parts parts={i.text} />
      )}
      {badge}
      {i.note ? (
        <span class="how">
          <span class="dir">
            {t.mitigation}
            {t.colon}
          </span>{' '}
          <Start e={i.note} t={t} card={i.key} about={i.text} />
        </span>
      ) : null}
    </li>
  );
}

function Contacts({ contacts, t }: { contacts: readonly ActionView[]; t: Labels }) {
  return (
    <ul class="contacts">
      {contacts.map((a) => (
        <li>
          <Action a={a} colon={t.colon} />
        </li>
      ))}
    </ul>
  );
}

function Answer({ row, rows, t }: { row: GlanceRow; rows: GlanceView; t: Labels }) {
  const verdict = row.level ? (
    <p class="verdict">
      <strong>{labelOf(t, row.level) ?? row.level}</strong>{' '}
      {labelOf(t, row.id === 'decides' && row.level === 'unknown' ? 'unknownDecides' : `${row.level}Why`)}
    </p>
  ) : null;
  const items = row.items.length ? (
    <ul class="answers">
      {row.items.map((i) => (
        <Item i={i} t={t} lead={row.id === 'who'} />
      ))}
    </ul>
  ) : row.level ? null : (
    <p class="none">{t.notStated}</p>
  );
  const whoHasContacts = rows.some((r) => r.id === 'who' && r.contacts?.length);
  let contacts = null;
  if (row.contacts?.length) contacts = <Contacts contacts={row.contacts} t={t} />;
  else if (row.id === 'who' && row.items.length) contacts = <p class="none">{t.noContact}</p>;
  else if (row.id === 'rights' && row.items.length && whoHasContacts) contacts = <p class="hint">{t.useContacts}</p>;
  return (
    <dd>
      {verdict}
      {items}
      {contacts}
    </dd>
  );
}

/** The at-a-glance block: fixed questions a member of the public asks first, each answered from the disclosure. */
export function Glance({ g, t }: { g: GlanceView; t: Labels }) {
  return (
    <section class="glance" aria-labelledby="h-glance">
      <h2 id="h-glance">{t.glance}</h2>
      <dl>
        {g.map((row) => (
          <div class={`q ${row.id}${row.level ? ` level-${row.level}` : ''}`}>
            <Question row={row} t={t} />
            <Answer row={row} rows={g} t={t} />
          </div>
        ))}
      </dl>
    </section>
  );
}
