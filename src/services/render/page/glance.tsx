import type { ActionView } from '../view/card.js';
import type { GlanceItem, GlanceRow, GlanceView } from '../view/glance.js';
import { labelOf, type Labels } from '../shared/labels.js';
import { Action, Badge, Parts, Txt } from './parts.js';

/** A question; a link to its section when the page has one. */
function Question({ row, t }: { row: GlanceRow; t: Labels }) {
  const text = labelOf(t, `q_${row.id}`) ?? row.id;
  return <dt>{row.section ? <a href={`#section-${row.section}`}>{text}</a> : text}</dt>;
}

/** One answer: the author's words first (bold), then the name or element title, its context value and a second author text. */
function Item({ i, t, lead }: { i: GlanceItem; t: Labels; lead: boolean }) {
  const title = (
    <span class={i.own && !lead ? 'kind' : 'answer'}>
      <Parts parts={i.text} />
    </span>
  );
  return (
    <li>
      {i.direction ? (
        <span class="dir">
          {i.direction === 'in' ? t.dataIn : t.dataOut}
          {t.colon}{' '}
        </span>
      ) : null}
      {lead || !i.own ? title : null}
      {i.own ? (
        <span class={lead ? 'own-note' : 'answer'}>
          {lead ? ' \u2014 ' : null}
          <Txt t={i.own} />
        </span>
      ) : null}
      {i.own && !lead ? <> {title}</> : null}
      {i.badge ? (
        <>
          {' '}
          <Badge b={i.badge} />
        </>
      ) : null}
      {i.note?.text ? (
        <span class="how">
          {' '}
          <span class="dir">
            {t.mitigation}
            {t.colon}
          </span>{' '}
          <Txt t={i.note} />
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
