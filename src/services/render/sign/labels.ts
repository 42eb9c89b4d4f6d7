import { labelsOf } from '../shared/labels/shipped.js';

/**
 * Fixed wording of the sign in English, the fallback; other locales are under `shared/labels/`. French uses a narrow no-break
 * space (U+202F) before `: ; ? !`; the sign's text folding keeps it (see `signText`).
 * `kept` holds `{duration}`, the author's retention duration ("for 2 years", "2 years").
 */
const EN = {
  kicker: 'AI in use here',
  runBy: 'Run by',
  contact: 'Who runs it and how to reach them',
  noContact: 'No contact is given for this system.',
  does: 'What it does',
  identify: 'Can it identify you?',
  rights: 'Your rights:',
  email: 'Email',
  phone: 'Phone',
  postal: 'Post',
  colours: 'Colours:',
  colon: ':',
  scan: 'Scan for the full disclosure: what this system does, the data it uses, and your rights.',
  reference: 'Ref.',
  footer: 'DTPR · Digital Trust for Places & Routines',
  kept: 'Kept {duration}',
  decides_human_decides: 'Human decides',
  decides_human_executes: 'A person carries it out',
  decides_human_oversees: 'A person oversees it',
  decides_autonomous: 'Decides on its own',
  cat_collection: 'What captures data',
  cat_purpose: 'What it is for',
  cat_retention: 'How long data is kept',
  cat_functional_modes: 'Who decides',
  cat_action: 'Who decides',
  cat_manifestation: 'How results reach you',
  cat_access: 'Access to the data',
  cat_input_dataset: 'Data it takes in',
  cat_storage: 'Where data is kept',
  cat_affected: 'Who it affects',
  cat_risks_mitigation: 'Main risk',
  cat_processing: 'How it works',
  cat_output_dataset: 'Data it produces',
};

export type SignLabels = Record<keyof typeof EN, string>;

/** The kicker for datachain types other than `ai`, which may describe a plain camera or sensor. */
const NEUTRAL_KICKER_EN = 'Technology in use here';

/** The sign's wording for a locale (English when it has none) and a datachain type (default `ai`). */
export function signLabelsFor(locale: string, datachainType = 'ai'): SignLabels {
  const own = labelsOf(locale);
  const t = own?.sign ?? EN;
  if (datachainType === 'ai') return t;
  return { ...t, kicker: own?.sign_neutral.kicker ?? NEUTRAL_KICKER_EN };
}

/** A sign label by computed key (`cat_<category>`, `decides_<value>`), or `undefined` when there is none. */
export function signLabelOf(t: SignLabels, key: string): string | undefined {
  return Object.hasOwn(t, key) ? t[key as keyof SignLabels] : undefined;
}
