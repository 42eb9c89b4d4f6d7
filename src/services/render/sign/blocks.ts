import type { ActionView } from '../view/card.js';
import type { GlanceRow } from '../view/glance.js';
import { labelOf, labelsFor } from '../shared/labels.js';
import { writtenDate } from '../shared/dates.js';
import { partsText, type TextPart } from '../view/text.js';
import type { DocView } from '../view/view.js';
import { type SignLabels, signLabelsFor } from './labels.js';
import { spaced } from './text.js';

/** A text of the sign before layout: what it says, in which language when not the sign's. */
export interface SignText {
  text: string;
  lang?: string;
}

/** What one locale's sign says, before the layout chooses how much of it fits. */
export interface SignAnswers {
  /** The locale of this answer: its labels' language. */
  lang: string;
  t: SignLabels;
  kicker: string;
  title: SignText;
  /** What it does: the author's description in full, its first sentence, and the purposes (each may repeat the one before). */
  does: [SignText, SignText, SignText];
  /** Whether it can identify you: the verdict with its reason, and the verdict alone. */
  identify: [string, string];
  /** The reason alone (empty when the verdict has none), and where the placements that set the verdict are. */
  identifyWhy: { text: string; path?: string };
  /** The first responsible party; absent when the disclosure names none. */
  runBy?: SignText;
  /** The other responsible parties: name, role (their context's name) and where each is placed. */
  others: Array<{ name: SignText; role?: string; path: string }>;
  /** The page's parenthetical in this locale (`parens`, its text at `{text}`): the brackets a role goes in. */
  parens: string;
  /** Printed contacts: their kind ("Email"), address and action's path; web links live behind the QR code. */
  contacts: Array<{ kind: string; address: string; path: string }>;
  /** "Your rights: …", the titles of the rights placed; empty when none is. */
  rights: string;
  /** The rights placed, each its title and path. */
  rightsPlaced: Array<{ text: string; path: string }>;
  /** The disclosure's reference (its id), when it has one. */
  reference?: string;
  /** The date of the disclosure written out in the locale; empty when it has none. */
  date: string;
  /** The same date as the ISO day, which reads the same in every locale. */
  day: string;
}

const langOf = (parts: readonly TextPart[]) => parts.map((p) => ('lang' in p ? p.lang : undefined)).find(Boolean);
const row = (view: DocView, id: GlanceRow['id']) => view.glance?.find((r) => r.id === id);

/** The first sentence of `text` (up to its first `.`, `!` or `?` followed by a space and more text); the whole text when it has one. */
export function firstSentence(text: string): string {
  const t = text.trim();
  for (let i = 1; i < t.length - 1; i++) {
    if ('.!?'.includes(t[i]!) && /\s/.test(t[i + 1]!)) return t.slice(0, i + 1);
  }
  return t;
}

function printed(actions: readonly ActionView[], t: SignLabels): SignAnswers['contacts'] {
  const kind = { email: t.email, phone: t.phone, postal: t.postal } as Record<string, string>;
  return actions.filter((a) => kind[a.type]).map((a) => ({ kind: kind[a.type]!, address: a.text, path: a.path }));
}

/**
 * A date written out as the page writes it (`writtenDate`: "1 September 2026", « 1er septembre
 * 2026 », the ISO day where the runtime has no data for the locale), with no-break spaces so it
 * stays on one line; as given when it is not a date.
 */
function longDate(iso: string, lang: string): string {
  return writtenDate(iso, lang)?.replace(/ /g, '\u00a0') ?? iso;
}

/** Everything the sign can say in `view`'s locale. */
export function signAnswers(view: DocView): SignAnswers {
  const t = signLabelsFor(view.lang, view.datachainType);
  const page = labelsFor(view.lang);
  const purposes = row(view, 'does')?.items ?? [];
  const full: SignText = view.description.text ? view.description : { text: page.notStated };
  const short: SignText = { text: firstSentence(full.text), lang: full.lang };
  const byPurpose: SignText = purposes.length
    ? {
        text: purposes.map((i) => partsText(i.text)).join(' \u00b7 '),
        lang: langOf(purposes[0]!.text),
      }
    : short;
  const identifyRow = row(view, 'identify');
  const level = identifyRow?.level ?? 'unknown';
  const verdict = labelOf(page, level) ?? '';
  const why = labelOf(page, `${level}Why`) ?? '';
  const setting = (identifyRow?.items ?? []).filter((i) => i.badge?.id === level);
  const who = row(view, 'who');
  const first = who?.items[0];
  const rights = (row(view, 'rights')?.items ?? []).map((i) => ({ text: partsText(i.text), path: i.path }));
  const date = view.about.updatedAt ?? view.about.createdAt;
  return {
    lang: view.lang,
    t,
    kicker: t.kicker.toLocaleUpperCase(view.lang),
    title: view.title.text ? view.title : { text: page.untitled },
    does: [full, short, byPurpose],
    identify: [spaced(verdict, why).trim(), verdict],
    identifyWhy: { text: why, ...(setting.length === 1 ? { path: setting[0]!.path } : {}) },
    runBy: first ? { text: partsText(first.text), lang: langOf(first.text) } : undefined,
    others: (who?.items ?? []).slice(1).map((i) => {
      const name = { text: partsText(i.text), lang: langOf(i.text) };
      return { name, role: i.badge?.name.text, path: i.path };
    }),
    parens: page.parens,
    contacts: printed(who?.contacts ?? [], t),
    rights: rights.length ? spaced(t.rights, rights.map((i) => i.text).join(' \u00b7 ')) : '',
    rightsPlaced: rights,
    reference: view.about.id,
    date: date ? longDate(date, view.lang) : '',
    day: date ? date.slice(0, 10) : '',
  };
}
