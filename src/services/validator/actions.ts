import { emailAddress, holdsSpace, isHttpUrl, misleadingUrl, phoneNumber } from '../../core/addresses.js';
import { isBlank } from '../../core/strings.js';
import { finding, type Finding, type RuleInput } from './finding.js';

const EXPECT: Record<string, { test: (target: string) => boolean; want: string }> = {
  url: { test: isHttpUrl, want: 'an http(s) URL, e.g. "https://example.org/ai-notice"' },
  form: { test: isHttpUrl, want: 'an http(s) URL of the form, e.g. "https://example.org/contact"' },
  email: { test: (t) => emailAddress(t) !== undefined, want: 'an email address, e.g. "privacy@example.org"' },
  phone: {
    test: (t) => phoneNumber(t) !== undefined,
    want: 'a phone number of digits, spaces and + ( ) . -, e.g. "+1 555 0100"',
  },
  postal: { test: (t) => !isBlank(t), want: 'a postal address' },
};

/** Action targets fit their type, so a renderer can make them links without guessing. */
export function actionRules({ datachain, deadline }: RuleInput): Finding[] {
  const out: Finding[] = [];
  datachain.elements.forEach((p, i) => {
    deadline.check();
    p.actions.forEach((a, k) => {
      const rule = EXPECT[a.type]!;
      const at = `elements[${i}].actions[${k}].target`;
      if (rule.test(a.target)) {
        // A link the page shows must read as the address it opens.
        const misleading = a.type === 'url' || a.type === 'form' ? misleadingUrl(a.target) : undefined;
        if (misleading)
          out.push(finding('action_target_invalid', at, `The target URL ${misleading.why}`, misleading.fix));
        return;
      }
      // A space is the usual reason an address is refused: said outright, with its escape.
      const spaced = holdsSpace(a.target);
      out.push(
        finding(
          'action_target_invalid',
          at,
          `Target '${a.target.slice(0, 80)}' is not valid for an action of type '${a.type}'${spaced ? ': it holds a space' : ''}.`,
          spaced && (a.type === 'url' || a.type === 'form')
            ? 'Write each space inside the address as %20 (an address holds no spaces), or remove it.'
            : `Use ${rule.want}, or change the action type.`,
        ),
      );
    });
  });
  return out;
}
