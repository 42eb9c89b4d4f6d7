import type { SectionView } from './view.js';

/** The variable both retention and storage elements use for how long data is kept. */
const DURATION = 'duration';
/** Words a duration may open with that do not change it ("for 2 years" is "2 years"). */
const LEADING = /^(for|during|pendant|durant)\s+/i;

const norm = (s: string) => s.trim().toLowerCase().replace(LEADING, '').replace(/\.$/, '').trim();

/**
 * A storage card does not repeat the retention period: its duration field is dropped when a
 * retention card of the same datachain states the same duration (the retention card shows it).
 */
export function mergeDurations(sections: SectionView[]): void {
  const retained = new Set(
    sections
      .filter((s) => s.id === 'retention')
      .flatMap((s) => s.cards.map((c) => c.values.get(DURATION)?.text))
      .filter((d): d is string => Boolean(d))
      .map(norm),
  );
  if (!retained.size) return;
  for (const s of sections) {
    if (s.id !== 'storage') continue;
    for (const c of s.cards) {
      const d = c.values.get(DURATION)?.text;
      if (d && retained.has(norm(d))) c.fields = c.fields.filter((f) => f.id !== DURATION);
    }
  }
}
