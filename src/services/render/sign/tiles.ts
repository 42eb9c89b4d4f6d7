import type { CardView, ContextBadge } from '../view/card.js';
import { partsRuns } from '../view/text.js';
import type { DocView } from '../view/view.js';
import { type SignLabels, signLabelOf } from './labels.js';
import type { Run } from './text.js';
import { DECIDING_ELEMENTS, decisionVerdict, placedIn } from '../view/verdict.js';
import { labelsFor } from '../shared/labels.js';

/** How a tile puts its category's answer into words. */
type TileAnswer =
  /** The first card's heading: its name or its element title ("Mobility", "Not available to you"). */
  | 'heading'
  /** "Kept {duration}" from the first card's `duration`, else its heading ("No data retained"). */
  | 'duration'
  /** Who has the final say, from the `autonomy` context of the modes that decide or act. */
  | 'decides';

/**
 * Which categories a sign shows as large icons, most important first, and how each answers. Keyed
 * on category ids, so a category a release adds slots in with one row; a category not listed here
 * (the responsible party and the rights, which the sign states in words) gets no tile.
 */
export const SIGN_TILES: ReadonlyArray<{ category: string; answer: TileAnswer }> = [
  { category: 'collection', answer: 'heading' },
  { category: 'purpose', answer: 'heading' },
  { category: 'retention', answer: 'duration' },
  { category: 'functional_modes', answer: 'decides' },
  { category: 'action', answer: 'decides' },
  { category: 'manifestation', answer: 'heading' },
  { category: 'access', answer: 'heading' },
  { category: 'input_dataset', answer: 'heading' },
  { category: 'storage', answer: 'heading' },
  { category: 'affected', answer: 'heading' },
  { category: 'risks_mitigation', answer: 'heading' },
  { category: 'processing', answer: 'heading' },
  { category: 'output_dataset', answer: 'heading' },
];

/** One tile: the card whose icon it draws, its answer and its category in words. */
export interface Tile {
  category: string;
  /** Index of the card in its section, so the same tile can be read in another locale's view. */
  card: number;
  answer: string;
  /** The answer in runs: the author's duration keeps its own language inside the locale's words. */
  answerRuns: Run[];
  label: string;
  /** The locale of the view the tile was read from. */
  lang: string;
  badge?: ContextBadge;
}

/**
 * What a "who decides" tile says, from the page's verdict over the same parts (`decisionVerdict`:
 * only the parts that decide or act grade it; a camera senses on its own, which says nothing about
 * who has the final say; a decision or a recommendation placed elsewhere makes "It makes no decision"
 * "Not stated"), and the card whose icon it draws. A verdict that is an autonomy value is
 * told in the sign's words for it, on the first deciding card with that value, in its colour; any
 * other verdict ("It depends", "Not stated", "It makes no decision") in the page's words without
 * their full stop, on the first deciding card (the first card when none decides), uncoloured.
 */
function decision(
  cards: readonly CardView[],
  placed: Iterable<string>,
  lang: string,
  t: SignLabels,
): { index: number; words?: string; coloured: boolean } {
  const parts = cards.map((c) => ({
    elementId: c.elementId,
    autonomy: c.context?.group === 'autonomy' ? c.context.id : undefined,
  }));
  const verdict = decisionVerdict(parts, placed) ?? 'unknown';
  const deciding = parts.findIndex((p) => DECIDING_ELEMENTS.has(p.elementId));
  const valued = parts.findIndex((p) => DECIDING_ELEMENTS.has(p.elementId) && p.autonomy === verdict);
  if (valued >= 0) return { index: valued, words: signLabelOf(t, `decides_${verdict}`), coloured: true };
  const page = labelsFor(lang);
  const key = verdict === 'depends' ? 'depends' : verdict === 'noDecision' ? 'noDecision' : 'unknown';
  return { index: Math.max(0, deciding), words: page[key].replace(/[.。។]$/u, ''), coloured: false };
}

/** The answer of `category`'s tile in `view`, or `undefined` when the view shows no card there. */
function tileOf(view: DocView, t: SignLabels, category: string, answer: TileAnswer, at?: number): Tile | undefined {
  const cards = view.sections.find((s) => s.id === category)?.cards ?? [];
  if (!cards.length) return undefined;
  const decided = answer === 'decides' ? decision(cards, placedIn(view.sections), view.lang, t) : undefined;
  const index = at ?? decided?.index ?? 0;
  const card = cards[index];
  if (!card) return undefined;
  let runs: Run[] = partsRuns(card.heading);
  if (answer === 'duration') {
    const duration = card.values.get('duration');
    if (duration?.text) {
      const [before, after] = t.kept.split('{duration}') as [string, string];
      runs = [
        { text: before },
        duration.lang ? { text: duration.text, lang: duration.lang } : { text: duration.text },
        { text: after },
      ];
    }
  } else if (decided?.words) {
    runs = [{ text: decided.words }];
  } else if (decided && card.context) {
    runs = [{ text: card.context.name.text }];
  }
  // A number and its unit stay on one line where the tile's narrow column wraps ("Kept for 72 hours", "៩០ ថ្ងៃ").
  runs = runs.filter((r) => r.text).map((r) => ({ ...r, text: r.text.replace(/(\p{Nd}) (?=\p{L})/gu, '$1\u00a0') }));
  return {
    category,
    card: index,
    answer: runs.map((r) => r.text).join(''),
    answerRuns: runs,
    lang: view.lang,
    label: signLabelOf(t, `cat_${category}`) ?? view.sections.find((s) => s.id === category)!.title.text,
    // A verdict that is no autonomy value is not coloured by the card's value, which would contradict it.
    ...(card.context?.color && decided?.coloured !== false ? { badge: card.context } : {}),
  };
}

/** The tiles `view` can show, in the order of SIGN_TILES. */
export function signTiles(view: DocView, t: SignLabels): Tile[] {
  return SIGN_TILES.flatMap(({ category, answer }) => tileOf(view, t, category, answer) ?? []);
}

/** The same tile in another locale's view of the same datachain. */
export function tileIn(view: DocView, t: SignLabels, tile: Tile): Tile | undefined {
  const row = SIGN_TILES.find((r) => r.category === tile.category)!;
  return tileOf(view, t, tile.category, row.answer, tile.card);
}

/** Iconof a tile: the card it draws. */
export function tileCard(view: DocView, tile: Tile): CardView {
  return view.sections.find((s) => s.id === tile.category)!.cards[tile.card]!;
}
