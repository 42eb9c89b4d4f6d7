/**
 * The verdict of "Does a person make the final decision?". It is graded only on the parts of a
 * system that decide or act: sensing, understanding or identifying runs on its own in almost every
 * camera system, and says nothing about who has the final say. Creating and answering make content
 * a person then receives; they decide nothing about that person either.
 *
 * Both taxonomy lines are covered: the functional modes of the ai@ releases up to 2026-08-12 and
 * the action verbs that replaced them (ai@2026-08-24-beta, dtpr@). Ids are facts shared by every
 * release that carries them.
 */
export const DECIDING_ELEMENTS: ReadonlySet<string> = new Set([
  // functional modes
  'analytical_mode',
  'agentic_mode',
  'physical_mode',
  // action verbs
  'decides',
  'acts',
  'moves',
  'recommends',
  'predicts',
]);

/**
 * Elements of other categories that say the system reaches a decision or a recommendation (what it
 * does, or what it produces). With one of them placed and no deciding part, the datachain does not
 * say who has the final say: the verdict is `unknown`, never "it makes no decision".
 */
export const DECISION_SIGNS: ReadonlySet<string> = new Set([
  'output_decision',
  'output_recommendation',
  'output_physical_action',
  'planning_decision_making',
  'recommendation_ranking',
  'classification_prediction',
  'automatic_transaction',
]);

/** The autonomy values, from the most human to the least; values a release lacks are skipped. */
const AUTONOMY = ['human_decides', 'human_executes', 'human_oversees', 'autonomous'] as const;

/**
 * The element ids a view's sections place, in order: `decisionVerdict`'s `placed`, the page's and
 * the sign's alike. Read lazily: only a verdict without a deciding part walks them.
 */
export function* placedIn(sections: readonly { cards: readonly { elementId: string }[] }[]): Generator<string> {
  for (const section of sections) for (const card of section.cards) yield card.elementId;
}

/** One part of the system the question reads: its element and its autonomy value, when the author set one. */
export interface DecisionPart {
  elementId: string;
  autonomy: string | undefined;
}

/**
 * The verdict over the parts:
 * - the autonomy value every deciding part shares (`human_decides`, `human_executes`,
 *   `human_oversees`, `autonomous`);
 * - `depends` when deciding parts differ (each part shows its own value below the verdict);
 * - `unknown` when a deciding part has no autonomy value;
 * - `noDecision` when no part decides or acts (only sensing, understanding, creating...), and
 *   nothing else placed (`placed`) reaches a decision or a recommendation (`DECISION_SIGNS`): with
 *   one, `unknown`;
 * - `undefined` when there are no parts at all (the row says "not stated").
 */
export function decisionVerdict(parts: readonly DecisionPart[], placed: Iterable<string> = []): string | undefined {
  if (parts.length === 0) return undefined;
  const deciding = parts.filter((p) => DECIDING_ELEMENTS.has(p.elementId));
  if (deciding.length === 0) {
    for (const id of placed) if (DECISION_SIGNS.has(id)) return 'unknown';
    return 'noDecision';
  }
  if (deciding.some((p) => p.autonomy === undefined || !(AUTONOMY as readonly string[]).includes(p.autonomy)))
    return 'unknown';
  const values = new Set(deciding.map((p) => p.autonomy!));
  return values.size === 1 ? [...values][0]! : 'depends';
}
