import type { CardView, ContextBadge } from '../view/card.js';
import { partsRuns } from '../view/text.js';
import type { DocView } from '../view/view.js';
import { type SignLabels, signLabelOf } from './labels.js';
import type { Run } from './text.js';
import { DECIDING_ELEMENTS } from '../view/verdict.js';
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

/** Autonomy values from the mildest to the strongest. */
const AUTONOMY = ['human_decides', 'human_executes', 'human_oversees', 'autonomous'];

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
 * The card a "who decides" tile shows. Only the parts that decide or act say who decides, as the
 * page's verdict reads them (a camera senses on its own, which says nothing about who has the final
 * say): the one with the strongest autonomy value, else the first such part (whose value is not
 * stated). `none` when no part decides or acts: the tile then says so, as the page does.
 */
function decidingCard(cards: readonly CardView[]): number | 'none' {
  const deciding = cards
    .map((c, i) => ({ i, rank: AUTONOMY.indexOf(c.context?.group === 'autonomy' ? c.context.id : '') }))
    .filter((x) => DECIDING_ELEMENTS.has(cards[x.i]!.elementId));
  if (!deciding.length) return 'none';
  return deciding.reduce((a, b) => (b.rank > a.rank ? b : a)).i;
}

/** The page's "It makes no decision." as a tile's answer, without its full stop. */
const noDecision = (lang: string): string => labelsFor(lang).noDecision.replace(/[.。។]$/u, '');

/** The answer of `category`'s tile in `view`, or `undefined` when the view shows no card there. */
function tileOf(view: DocView, t: SignLabels, category: string, answer: TileAnswer, at?: number): Tile | undefined {
  const cards = view.sections.find((s) => s.id === category)?.cards ?? [];
  if (!cards.length) return undefined;
  const deciding = answer === 'decides' ? decidingCard(cards) : 0;
  const none = deciding === 'none';
  const index = at ?? (none ? 0 : deciding);
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
  } else if (answer === 'decides' && none) {
    runs = [{ text: noDecision(view.lang) }];
  } else if (answer === 'decides' && card.context) {
    runs = [{ text: signLabelOf(t, `decides_${card.context.id}`) ?? card.context.name.text }];
  }
  runs = runs.filter((r) => r.text);
  return {
    category,
    card: index,
    answer: runs.map((r) => r.text).join(''),
    answerRuns: runs,
    lang: view.lang,
    label: signLabelOf(t, `cat_${category}`) ?? view.sections.find((s) => s.id === category)!.title.text,
    ...(card.context?.color && !none ? { badge: card.context } : {}),
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
