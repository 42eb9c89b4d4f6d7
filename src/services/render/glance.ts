import type { ActionView, CardView, ContextBadge } from './card.js';
import type { LocalText } from './localize.js';
import type { TextPart } from './text.js';
import type { SectionView } from './view.js';

/**
 * Categories of the AI datachain type the at-a-glance block answers from. A datachain type
 * without one of them simply gets no line for it.
 */
export const GLANCE_CATEGORIES = {
  who: 'accountable',
  does: 'purpose',
  takesIn: 'input_dataset',
  producesOut: 'output_dataset',
  kept: 'retention',
  rights: 'rights',
} as const;
/** The context whose values say how identifiable data is, from least to most. */
const PII_CONTEXT = 'pii';
const PII_LEVELS = ['de_identified', 'pseudonymous', 'identifiable'] as const;
/** The variable of a rights element that says how to exercise the right. */
const RIGHTS_VARIABLE = 'rights';

export type Identifiability = (typeof PII_LEVELS)[number] | 'unknown';
export interface GlanceItem {
  key: string;
  text: TextPart[];
  badge?: ContextBadge;
  note?: LocalText;
  direction?: 'in' | 'out';
}
/** One answer: its items (empty: not stated) and the section holding the details, when the page shows one. */
export interface GlanceRow {
  section?: string;
  items: GlanceItem[];
}
export interface GlanceView {
  who?: GlanceRow & { contacts: ActionView[] };
  does?: GlanceRow;
  takesIn?: GlanceRow;
  identify?: GlanceRow & { level: Identifiability };
  kept?: GlanceRow;
  rights?: GlanceRow & { contacts: ActionView[] };
}

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

const item = (c: CardView, extra: Partial<GlanceItem> = {}): GlanceItem => ({ key: c.key, text: c.heading, ...extra });

/** The answers a member of the public looks for first, derived from the sections; `undefined` when the type has none of their categories. */
export function buildGlance(sections: readonly SectionView[], categories: readonly string[]): GlanceView | undefined {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const row = (category: string): GlanceRow | undefined => {
    if (!categories.includes(category)) return undefined;
    const s = byId.get(category);
    return { section: s?.id, items: [] };
  };
  const cardsOf = (category: string) => byId.get(category)?.cards ?? [];
  const glance: GlanceView = {};
  const who = row(GLANCE_CATEGORIES.who);
  if (who)
    glance.who = {
      ...who,
      items: cardsOf(GLANCE_CATEGORIES.who).map((c) => item(c, { badge: c.context })),
      contacts: contactsOf(cardsOf(GLANCE_CATEGORIES.who)),
    };
  const does = row(GLANCE_CATEGORIES.does);
  if (does) glance.does = { ...does, items: cardsOf(GLANCE_CATEGORIES.does).map((c) => item(c)) };
  const takesIn = row(GLANCE_CATEGORIES.takesIn);
  if (takesIn) glance.takesIn = { ...takesIn, items: cardsOf(GLANCE_CATEGORIES.takesIn).map((c) => item(c)) };
  const dataRow = takesIn ?? row(GLANCE_CATEGORIES.producesOut);
  if (dataRow) {
    const directions: Array<[string, 'in' | 'out']> = [
      [GLANCE_CATEGORIES.takesIn, 'in'],
      [GLANCE_CATEGORIES.producesOut, 'out'],
    ];
    const items = directions.flatMap(([id, direction]) =>
      cardsOf(id)
        .filter((c) => c.context?.group === PII_CONTEXT)
        .map((c) => item(c, { badge: c.context, direction })),
    );
    const rank = Math.max(-1, ...items.map((i) => PII_LEVELS.indexOf(i.badge!.id as (typeof PII_LEVELS)[number])));
    const section = dataRow.section ?? byId.get(GLANCE_CATEGORIES.producesOut)?.id;
    glance.identify = { section, items, level: rank >= 0 ? PII_LEVELS[rank]! : 'unknown' };
  }
  const kept = row(GLANCE_CATEGORIES.kept);
  if (kept) glance.kept = { ...kept, items: cardsOf(GLANCE_CATEGORIES.kept).map((c) => item(c)) };
  const rights = row(GLANCE_CATEGORIES.rights);
  if (rights) {
    const cards = cardsOf(GLANCE_CATEGORIES.rights);
    glance.rights = {
      ...rights,
      items: cards.map((c) => item(c, { note: c.values.get(RIGHTS_VARIABLE) })),
      contacts: contactsOf(cards),
    };
  }
  return Object.keys(glance).length ? glance : undefined;
}
