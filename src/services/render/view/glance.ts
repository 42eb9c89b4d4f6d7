import type { ActionView, CardView, ContextBadge } from './card.js';
import type { LocalText } from '../shared/localize.js';
import type { TextPart } from './text.js';
import type { SectionView } from './view.js';
import { DECIDING_ELEMENTS, decisionVerdict, placedIn } from './verdict.js';
import { type Excerpt, excerpt } from './excerpt.js';

/**
 * The fixed questions of the at-a-glance block, in reading order, each with the categories it
 * answers from (category ids of the ai and dtpr types). A datachain type with none of a question's
 * categories gets no row. What captures data and how results reach people come right after who is
 * responsible: a passer-by meets the device and its effect before anything else.
 */
export const GLANCE_CATEGORIES = {
  who: ['accountable'],
  captures: ['collection'],
  does: ['purpose'],
  reaches: ['manifestation'],
  takesIn: ['input_dataset'],
  kept: ['retention', 'storage'],
  identify: ['input_dataset', 'output_dataset'],
  decides: ['functional_modes', 'action'],
  shares: ['access'],
  risks: ['risks_mitigation'],
  rights: ['rights'],
} as const;
export type GlanceQuestion = keyof typeof GLANCE_CATEGORIES;

/** The variable holding the author's own answer, per category; the element title follows it. */
const OWN_VARIABLE: Record<string, string> = { risks_mitigation: 'risk', rights: 'rights', accountable: 'description' };
const DEFAULT_OWN = 'additional_description';
/**
 * A row with more author texts than this answers with the element titles alone, each linking to
 * its card: five rights of three lines each would make the block a second copy of the page.
 */
const TEXTS_PER_ROW = 2;
/** The words of each author text in a row that shows two: together about as long as one. */
const SHARED_WORDS = 16;
/** A second author text shown after the first, per category. */
const NOTE_VARIABLE: Record<string, string> = { risks_mitigation: 'mitigation' };
/**
 * Releases whose risk category declares no `risk` text (ai@2026-05-06-beta) have one `mitigation`
 * text, which authors fill with the risk and what is done about it: it is the answer itself, shown
 * without the "What is done" label (which would read the risk as the remedy).
 */
const SOLE_TEXT: Record<string, { missing: string; text: string }> = {
  risks_mitigation: { missing: 'risk', text: 'mitigation' },
};

/** Context values that grade an answer, from the mildest to the strongest; the strongest present gives the verdict. */
const LEVELS = {
  identify: { context: 'pii', values: ['de_identified', 'pseudonymous', 'identifiable'] },
  decides: { context: 'autonomy', values: ['human_decides', 'human_executes', 'human_oversees', 'autonomous'] },
} as const;

export interface GlanceItem {
  key: string;
  /** Where the placement is in the datachain (`elements[3]`). */
  path: string;
  /** The start of the author's own words for this placement, when given: the answer leads with them. */
  own?: Excerpt;
  /** The name or element title (placeholders filled). */
  text: TextPart[];
  badge?: ContextBadge;
  /** The start of a second author text (the mitigation of a risk). */
  note?: Excerpt;
  direction?: 'in' | 'out';
  /** The author's text was left out of a crowded row: the title links to the card that holds it. */
  inCard?: true;
}
/** One answer: its items (empty: not stated) and the section holding the details, when the page shows one. */
export interface GlanceRow {
  id: GlanceQuestion;
  section?: string;
  items: GlanceItem[];
  /** The graded answer of `identify` and `decides`: a context value id, or `unknown`. */
  level?: string;
  contacts?: ActionView[];
}
export type GlanceView = GlanceRow[];

function contactsOf(cards: readonly CardView[]): ActionView[] {
  const seen = new Set<string>();
  return cards
    .flatMap((c) => c.actions)
    .filter((a) => {
      const key = `${a.type}|${a.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The author's text and second text a card answers with, whole. */
function textsOf(c: CardView): { own?: LocalText; note?: LocalText } {
  const sole = SOLE_TEXT[c.categoryId];
  if (sole && !c.labels.has(sole.missing)) return { own: c.values.get(sole.text) };
  const noteId = NOTE_VARIABLE[c.categoryId];
  return {
    own: c.values.get(OWN_VARIABLE[c.categoryId] ?? DEFAULT_OWN),
    note: noteId ? c.values.get(noteId) : undefined,
  };
}

function itemOf(c: CardView, lang: string, direction?: 'in' | 'out', words?: number): GlanceItem {
  const { own, note } = textsOf(c);
  return {
    key: c.key,
    path: c.path,
    text: c.heading,
    ...(own ? { own: excerpt(own, lang, words) } : {}),
    ...(note ? { note: excerpt(note, lang, words) } : {}),
    ...(c.context ? { badge: c.context } : {}),
    ...(direction ? { direction } : {}),
  };
}

function levelOf(items: readonly GlanceItem[], values: readonly string[]): string {
  const rank = Math.max(-1, ...items.map((i) => values.indexOf(i.badge?.id ?? '')));
  return rank >= 0 ? values[rank]! : 'unknown';
}

/**
 * The answers a member of the public looks for first, derived from the sections; `undefined` when
 * the type has none of their categories. Author texts are cut to their start (`excerpt`, read in
 * `lang` unless marked otherwise): the cards hold them whole.
 */
export function buildGlance(
  sections: readonly SectionView[],
  categories: readonly string[],
  lang: string,
): GlanceView | undefined {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const rows: GlanceRow[] = [];
  for (const [id, cats] of Object.entries(GLANCE_CATEGORIES) as Array<[GlanceQuestion, readonly string[]]>) {
    const present = cats.filter((c) => categories.includes(c));
    if (!present.length) continue;
    const section = present.find((c) => byId.has(c));
    const cardsIn = (c: string) => byId.get(c)?.cards ?? [];
    const row: GlanceRow = { id, section, items: [] };
    if (id === 'identify' || id === 'decides') {
      const { context, values } = LEVELS[id];
      // A part of the system without an autonomy value still shows (the context is optional on
      // the action verbs); data without a pii value says nothing about identifying.
      const cards = present.flatMap((c) =>
        cardsIn(c)
          .filter((card) => card.context?.group === context || (id === 'decides' && card.context === undefined))
          .map((card) => ({ card, c })),
      );
      // In the decision row only the parts that decide or act carry their autonomy tag: the verdict
      // reads only them, and a sensing part tagged "Human decides" under "It makes no decision"
      // reads as a contradiction (its card keeps the tag).
      row.items = cards.map(({ card, c }) => {
        const item = itemOf(card, lang, id === 'identify' ? (c === 'input_dataset' ? 'in' : 'out') : undefined);
        const grades = id !== 'decides' || DECIDING_ELEMENTS.has(card.elementId);
        return { ...item, own: undefined, ...(grades ? {} : { badge: undefined }) };
      });
      row.level =
        id === 'decides'
          ? (decisionVerdict(
              cards.map(({ card }) => ({ elementId: card.elementId, autonomy: card.context?.id })),
              placedIn(sections),
            ) ?? 'unknown')
          : levelOf(row.items, values);
      // Every tagged part with the verdict's own value: the verdict says it once, the parts carry no tag.
      const tagged = row.items.filter((i) => i.badge);
      if (tagged.length && tagged.every((i) => i.badge!.id === row.level))
        row.items = row.items.map(({ badge: _, ...rest }) => rest);
    } else {
      const cards = present.flatMap(cardsIn);
      // What data it takes in shows no identifiability tags: the identify row, right after, has them.
      const texts = cards.filter((c) => textsOf(c).own).length;
      const words = texts === TEXTS_PER_ROW ? SHARED_WORDS : undefined;
      row.items = cards.map((c) => {
        const item = itemOf(c, lang, undefined, words);
        return id === 'takesIn' ? { ...item, badge: undefined } : item;
      });
      if (id !== 'who' && row.items.filter((i) => i.own).length > TEXTS_PER_ROW)
        row.items = row.items.map(({ own, note, ...rest }) => (own || note ? { ...rest, inCard: true } : rest));
      if (id === 'who' || id === 'rights') row.contacts = contactsOf(cards);
    }
    rows.push(row);
  }
  return rows.length ? rows : undefined;
}
