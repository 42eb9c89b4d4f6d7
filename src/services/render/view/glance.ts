import type { ActionView, CardView, ContextBadge } from './card.js';
import type { LocalText } from '../shared/localize.js';
import type { TextPart } from './text.js';
import type { SectionView } from './view.js';
import { decisionVerdict } from './verdict.js';

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
/** A second author text shown after the first, per category. */
const NOTE_VARIABLE: Record<string, string> = { risks_mitigation: 'mitigation' };

/** Context values that grade an answer, from the mildest to the strongest; the strongest present gives the verdict. */
const LEVELS = {
  identify: { context: 'pii', values: ['de_identified', 'pseudonymous', 'identifiable'] },
  decides: { context: 'autonomy', values: ['human_decides', 'human_executes', 'human_oversees', 'autonomous'] },
} as const;

export interface GlanceItem {
  key: string;
  /** The author's own words for this placement, when given: the answer leads with them. */
  own?: LocalText;
  /** The name or element title (placeholders filled). */
  text: TextPart[];
  badge?: ContextBadge;
  /** A second author text (the mitigation of a risk). */
  note?: LocalText;
  direction?: 'in' | 'out';
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

function itemOf(c: CardView, direction?: 'in' | 'out'): GlanceItem {
  const own = c.values.get(OWN_VARIABLE[c.categoryId] ?? DEFAULT_OWN);
  const noteId = NOTE_VARIABLE[c.categoryId];
  const note = noteId ? c.values.get(noteId) : undefined;
  return {
    key: c.key,
    text: c.heading,
    ...(own ? { own } : {}),
    ...(note ? { note } : {}),
    ...(c.context ? { badge: c.context } : {}),
    ...(direction ? { direction } : {}),
  };
}

function levelOf(items: readonly GlanceItem[], values: readonly string[]): string {
  const rank = Math.max(-1, ...items.map((i) => values.indexOf(i.badge?.id ?? '')));
  return rank >= 0 ? values[rank]! : 'unknown';
}

/** The answers a member of the public looks for first, derived from the sections; `undefined` when the type has none of their categories. */
export function buildGlance(sections: readonly SectionView[], categories: readonly string[]): GlanceView | undefined {
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
      row.items = cards.map(({ card, c }) => ({
        ...itemOf(card, id === 'identify' ? (c === 'input_dataset' ? 'in' : 'out') : undefined),
        own: undefined,
      }));
      row.level =
        id === 'decides'
          ? (decisionVerdict(cards.map(({ card }) => ({ elementId: card.elementId, autonomy: card.context?.id }))) ??
            'unknown')
          : levelOf(row.items, values);
    } else {
      const cards = present.flatMap(cardsIn);
      row.items = cards.map((c) => itemOf(c));
      if (id === 'who' || id === 'rights') row.contacts = contactsOf(cards);
    }
    rows.push(row);
  }
  return rows.length ? rows : undefined;
}
