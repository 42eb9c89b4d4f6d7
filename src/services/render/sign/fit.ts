/**
 * Choosing what a sign shows so it fits its sheet. Each block of the sign comes in variants, from
 * the fullest to the most compact (the rest of its text is behind the QR code); a fixed list of
 * steps says which block gives way next, least important first. Pure: heights in, choices out.
 */

/** One block: its height in each of its variants, fullest first. */
export interface FitBlock {
  id: string;
  heights: readonly number[];
}

export interface FitResult {
  /** The chosen variant of each block, by id (0: the fullest). */
  chosen: Record<string, number>;
  /** Total height of the chosen variants. */
  height: number;
  /** False when even the last step leaves the blocks taller than the room. */
  fits: boolean;
}

/**
 * Applies `steps` in order (each moves the named block to its next variant; a block already at its
 * last variant, or not present, is passed over) until the blocks fit in `room`; then walks the
 * steps backwards once, undoing each one that fits again (a late step, such as dropping the icons,
 * can leave room for an earlier one). Every block starts at its fullest variant; a sign that fits as
 * it is takes no step.
 */
export function fitBlocks(blocks: readonly FitBlock[], steps: readonly string[], room: number): FitResult {
  const chosen: Record<string, number> = Object.fromEntries(blocks.map((b) => [b.id, 0]));
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const total = () => blocks.reduce((sum, b) => sum + b.heights[chosen[b.id]!]!, 0);
  let height = total();
  for (const id of steps) {
    if (height <= room) break;
    const block = byId.get(id);
    if (!block || chosen[id]! >= block.heights.length - 1) continue;
    chosen[id] = chosen[id]! + 1;
    height = total();
  }
  // Then give back, latest step first, whatever fits again now that a later step made room.
  for (const id of [...steps].reverse()) {
    const block = byId.get(id);
    const at = chosen[id];
    if (!block || !at) continue;
    const grown = height - block.heights[at]! + block.heights[at - 1]!;
    if (grown <= room) {
      chosen[id] = at - 1;
      height = grown;
    }
  }
  return { chosen, height, fits: height <= room };
}
