import { finding, type Finding } from '../../validator/finding.js';
import type { DocView } from '../view/view.js';
import type { SignAnswers } from './blocks.js';

/**
 * What the author of a sign should know, as `sign_incomplete` warnings: the sign names no contact
 * (UK and EU signage expects one), the description did not fit and is behind the QR code, or a text
 * had to be shortened with an ellipsis. `does` is the chosen variant of the description block.
 */
export function signNotices(
  views: readonly DocView[],
  as: readonly SignAnswers[],
  chosen: { does: number; cut: boolean },
): Finding[] {
  const out: Finding[] = [];
  const a = as[0]!;
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
        `The description is too long for the ${views.length > 1 ? 'two-language ' : ''}sign; it prints ${chosen.does === 1 ? 'its first sentence' : 'the purposes'} and the full text is behind the QR code.`,
        'Write a description whose first sentence says what the system does in under 25 words, or render a larger size.',
      ),
    );
  }
  if (chosen.cut) {
    out.push(
      finding(
        'sign_incomplete',
        'title',
        'Some texts are too long for the sheet even at their most compact and are shortened with an ellipsis.',
        'Shorten the title, the responsible party\u2019s name or the description, or render a larger size.',
      ),
    );
  }
  return out;
}
