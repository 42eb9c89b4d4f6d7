import type { ActionView } from '../view/card.js';
import type { GlanceRow } from '../view/glance.js';
import { labelOf, type Labels } from '../shared/labels.js';
import { partsText, type TextPart } from '../view/text.js';
import type { DocView } from '../view/view.js';

/** A text of the sign before layout: what it says, in which language when not the sign's. */
export interface SignText {
  text: string;
  lang?: string;
}

/** The three answers a passer-by needs, in the sign's words. */
export interface SignAnswers {
  does: SignText;
  identify: SignText;
  /** The first responsible party, the others with their role, and printed contacts. */
  runBy?: SignText;
  others: SignText[];
  contacts: SignText[];
}

const langOf = (parts: readonly TextPart[]) => parts.map((p) => ('lang' in p ? p.lang : undefined)).find(Boolean);
const row = (view: DocView, id: GlanceRow['id']) => view.glance?.find((r) => r.id === id);

/** Contacts a printed sign can carry: an email address, a phone number or a postal address (links live behind the QR code). */
function printed(actions: readonly ActionView[]): SignText[] {
  return actions
    .filter((a) => a.type === 'email' || a.type === 'phone' || a.type === 'postal')
    .map((a) => ({ text: a.text }));
}

/** What the sign says: the datachain's one-line description (else its purposes), whether it can identify you, and who to reach. */
export function signAnswers(view: DocView, t: Labels): SignAnswers {
  const purposes = row(view, 'does')?.items ?? [];
  const does: SignText = view.description.text
    ? view.description
    : purposes.length
      ? {
          text: purposes.map((i) => i.own?.text ?? partsText(i.text)).join(' \u00b7 '),
          lang: purposes[0]!.own?.lang ?? langOf(purposes[0]!.text),
        }
      : { text: t.notStated };
  const level = row(view, 'identify')?.level ?? 'unknown';
  const identify = { text: `${labelOf(t, level) ?? ''} ${labelOf(t, `${level}Why`) ?? ''}`.trim() };
  const who = row(view, 'who');
  const first = who?.items[0];
  return {
    does,
    identify,
    runBy: first ? { text: partsText(first.text), lang: langOf(first.text) } : undefined,
    others: (who?.items ?? []).slice(1).map((i) => ({
      text: partsText(i.text) + (i.badge ? ` (${i.badge.name.text})` : ''),
      lang: langOf(i.text),
    })),
    contacts: printed(who?.contacts ?? []),
  };
}
