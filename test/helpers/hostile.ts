import { hostileCopy } from '../e2e/fixtures/hostile.mjs';
import hostile from '../e2e/fixtures/hostile-strings.json';
import realistic from '../e2e/fixtures/realistic-15.json';

export const HOSTILE: readonly string[] = hostile;
export const REALISTIC = realistic as Record<string, any>;

/** The realistic datachain with a hostile string in every free-text field, and one as its title. */
export function hostileDatachain(): Record<string, any> {
  const dc = hostileCopy(REALISTIC, HOSTILE);
  dc.title = [{ locale: 'en', value: HOSTILE[0]! }];
  return dc;
}
