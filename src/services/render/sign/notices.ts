import { finding, type Finding } from '../../validator/finding.js';
import type { DocView } from '../view/view.js';
import type { SignAnswers } from './blocks.js';

/**
 * A part of the datachain that the variant of a block the layout chose leaves off the sign: the
 * layout says what each of its variants leaves out, and this is what the chosen ones said.
 */
export interface LeftOut {
  part: 'others' | 'contacts' | 'reason' | 'tiles' | 'rights';
  /** What is left out, in the sign's first locale, and where each is in the datachain when it has a place. */
  items: ReadonlyArray<{ text: string; path?: string }>;
  /** How many of the part the datachain gives (the sign shows the others). */
  of: number;
  /** Left out by the block's fullest variant: no room made elsewhere would bring it back. */
  always?: boolean;
}

/** What each part is called in a warning; contacts and icons are counted, the sign showing the first of them. */
const PART_NAMES: Record<LeftOut['part'], string> = {
  others: 'the other responsible parties',
  contacts: 'contacts',
  reason: 'the reason for its answer to whether it can identify you',
  tiles: 'answer icons',
  rights: 'the rights line',
};

/** The sentence that names a part left out: what the sign leaves out for lack of room, and that the full disclosure has it. */
function leftOutMessage(l: LeftOut, bilingual: boolean): string {
  const list = l.items.map((i) => `"${i.text}"`).join(', ');
  const counted = l.part === 'contacts' || l.part === 'tiles';
  const one = l.part === 'others' && l.items.length === 1;
  const what = counted
    ? `${l.items.length < l.of ? `${l.items.length} of its ${l.of}` : 'its'} ${PART_NAMES[l.part]}`
    : one
      ? 'the other responsible party'
      : PART_NAMES[l.part];
  const them = l.items.length > 1 && (counted || l.part === 'others');
  return `The ${bilingual ? 'two-language ' : ''}sign leaves out ${what} (${list}) for lack of room; the full disclosure behind the QR code has ${them ? 'them' : 'it'}.`;
}

/** What an author can do for a sign with too little room: every size prints the same layout, larger or smaller. */
const roomHint = (bilingual: boolean) =>
  `To make room, shorten the title, the description or the names above it${bilingual ? ', or render one locale' : ''}; every size (a5, a4, a3) holds the same content.`;

/** Where a warning about `items` points: the one item's path, else the one placement they share, else the elements. */
function pathOf(items: LeftOut['items']): string {
  if (items.length === 1 && items[0]!.path) return items[0]!.path;
  const at = new Set(items.map((i) => i.path?.match(/^elements\[\d+\]/)?.[0]));
  return at.size === 1 ? ([...at][0] ?? 'elements') : 'elements';
}

/**
 * What the author of a sign should know, as `sign_incomplete` warnings: the sign names no contact
 * (UK and EU signage expects one), the description did not fit and is behind the QR code, a text
 * had to be shortened with an ellipsis, or a part of the datachain is left out (`left`, as the
 * layout reports it: other responsible parties, contacts, the identifiability reason, answer icons,
 * the rights line). `does` is the chosen variant of the description block.
 */
export function signNotices(
  views: readonly DocView[],
  as: readonly SignAnswers[],
  chosen: { does: number; cut: boolean; left: readonly LeftOut[] },
): Finding[] {
  const out: Finding[] = [];
  const a = as[0]!;
  const bilingual = views.length > 1;
  if (!a.contacts.length) {
    out.push(
      finding(
        'sign_incomplete',
        'elements',
        a.runBy
          ? `The sign says "${a.t.noContact}": the responsible party has no email, phone or postal action.`
          : `The sign says "${a.t.noContact}": no responsible party is placed.`,
        'Add an email, phone or postal action to the accountable element (institution or organization), so people who read the sign can reach someone.',
      ),
    );
  }
  if (chosen.does > 0 && a.does[chosen.does]!.text !== a.does[0].text) {
    out.push(
      finding(
        'sign_incomplete',
        'description',
        `The description is too long for the ${bilingual ? 'two-language ' : ''}sign; it prints ${chosen.does === 1 ? 'its first sentence' : 'the purposes'} and the full text is behind the QR code.`,
        `Write a description whose first sentence says what the system does in under 25 words. ${roomHint(bilingual)}`,
      ),
    );
  }
  for (const l of chosen.left) {
    if (!l.items.length) continue;
    out.push(
      finding(
        'sign_incomplete',
        pathOf(l.items),
        leftOutMessage(l, bilingual),
        l.always
          ? `Nothing to fix: the sign has room for ${l.of - l.items.length} at most, and the full disclosure has every one.`
          : roomHint(bilingual),
      ),
    );
  }
  if (chosen.cut) {
    out.push(
      finding(
        'sign_incomplete',
        'title',
        'Some texts are too long for the sheet even at their most compact and are shortened with an ellipsis.',
        `Shorten the title, the responsible party\u2019s name or the description${bilingual ? ', or render one locale' : ''}; every size (a5, a4, a3) holds the same content.`,
      ),
    );
  }
  return out;
}
