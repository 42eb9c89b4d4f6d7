import type { ActionView } from './card.js';
import type { GlanceItem, GlanceRow, GlanceView } from './glance.js';
import type { Labels } from './labels.js';
import { Action, Badge, Parts, Txt } from './page-parts.js';

/** A question; a link to its section when the page has one. */
function Question({ row, text }: { row: GlanceRow; text: string }) {
  return <dt>{row.section ? <a href={`#section-${row.section}`}>{text}</a> : text}</dt>;
}

function Items({ items, t, direction }: { items: readonly GlanceItem[]; t: Labels; direction?: boolean }) {
  if (!items.length) return <p class="none">{t.notStated}</p>;
  return (
    <ul class="answers">
      {items.map((i) => (
        <li>
          {direction && i.direction ? <span class="dir">{i.direction === 'in' ? t.dataIn : t.dataOut}: </span> : null}
          <span class="answer">
            <Parts parts={i.text} />
          </span>
          {i.badge ? (
            <>
              {' '}
              <Badge b={i.badge} />
            </>
          ) : null}
          {i.note?.text ? (
            <>
              {' \u2014 '}
              <span class="how">
                <Txt t={i.note} />
              </span>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Contacts({ contacts }: { contacts: readonly ActionView[] }) {
  return contacts.length ? (
    <ul class="contacts">
      {contacts.map((a) => (
        <li>
          <Action a={a} />
        </li>
      ))}
    </ul>
  ) : null;
}

/** The at-a-glance block: the questions a member of the public asks first, each answered from the disclosure. */
export function Glance({ g, t }: { g: GlanceView; t: Labels }) {
  return (
    <section class="glance" aria-labelledby="h-glance">
      <h2 id="h-glance">{t.glance}</h2>
      <dl>
        {g.who ? (
          <div class="q who">
            <Question row={g.who} text={t.qWho} />
            <dd>
              <Items items={g.who.items} t={t} />
              <Contacts contacts={g.who.contacts} />
            </dd>
          </div>
        ) : null}
        {g.does ? (
          <div class="q">
            <Question row={g.does} text={t.qDoes} />
            <dd>
              <Items items={g.does.items} t={t} />
            </dd>
          </div>
        ) : null}
        {g.takesIn ? (
          <div class="q">
            <Question row={g.takesIn} text={t.qTakesIn} />
            <dd>
              <Items items={g.takesIn.items} t={t} />
            </dd>
          </div>
        ) : null}
        {g.identify ? (
          <div class={`q identify level-${g.identify.level}`}>
            <Question row={g.identify} text={t.qIdentify} />
            <dd>
              <p class="verdict">
                <strong>{t[g.identify.level]}</strong> {t[`${g.identify.level}Why`]}
              </p>
              {g.identify.items.length ? <Items items={g.identify.items} t={t} direction /> : null}
            </dd>
          </div>
        ) : null}
        {g.kept ? (
          <div class="q">
            <Question row={g.kept} text={t.qKept} />
            <dd>
              <Items items={g.kept.items} t={t} />
            </dd>
          </div>
        ) : null}
        {g.rights ? (
          <div class="q rights">
            <Question row={g.rights} text={t.qRights} />
            <dd>
              <Items items={g.rights.items} t={t} />
              {g.rights.contacts.length ? (
                <Contacts contacts={g.rights.contacts} />
              ) : g.rights.items.length && g.who?.contacts.length ? (
                <p class="hint">{t.useContacts}</p>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
