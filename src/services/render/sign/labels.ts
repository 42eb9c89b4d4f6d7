/**
 * Fixed wording of the sign, per locale (English is the fallback). French uses a narrow no-break
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

const FR: SignLabels = {
  kicker: 'IA utilisée ici',
  runBy: 'Responsable\u202f:',
  contact: 'Qui en répond et comment le joindre',
  noContact: 'Aucun contact n\u2019est indiqué pour ce système.',
  does: 'Ce qu\u2019il fait',
  identify: 'Peut-il vous identifier\u202f?',
  rights: 'Vos droits\u202f:',
  email: 'Courriel',
  phone: 'Téléphone',
  postal: 'Courrier',
  colours: 'Couleurs\u202f:',
  colon: '\u202f:',
  scan: 'Scannez pour lire la fiche complète\u202f: ce que fait ce système, les données qu\u2019il utilise et vos droits.',
  reference: 'Réf.',
  footer: 'DTPR · Digital Trust for Places & Routines',
  kept: 'Conservées {duration}',
  decides_human_decides: 'Une personne décide',
  decides_human_executes: 'Une personne exécute',
  decides_human_oversees: 'Sous contrôle humain',
  decides_autonomous: 'Décide seul',
  cat_collection: 'Ce qui capte les données',
  cat_purpose: 'À quoi il sert',
  cat_retention: 'Durée de conservation',
  cat_functional_modes: 'Qui décide',
  cat_action: 'Qui décide',
  cat_manifestation: 'Comment les résultats vous parviennent',
  cat_access: 'Accès aux données',
  cat_input_dataset: 'Données reçues',
  cat_storage: 'Lieu de conservation',
  cat_affected: 'Personnes concernées',
  cat_risks_mitigation: 'Risque principal',
  cat_processing: 'Fonctionnement',
  cat_output_dataset: 'Données produites',
};

const LABELS: Record<string, SignLabels> = { en: EN, fr: FR };

/** The kicker for datachain types other than `ai`, which may describe a plain camera or sensor. */
const NEUTRAL_KICKER: Record<string, string> = { en: 'Technology in use here', fr: 'Technologie utilisée ici' };

/** The sign's wording for a locale (English when it has none) and a datachain type (default `ai`). */
export function signLabelsFor(locale: string, datachainType = 'ai'): SignLabels {
  const t = LABELS[locale] ?? EN;
  if (datachainType === 'ai') return t;
  return { ...t, kicker: NEUTRAL_KICKER[Object.hasOwn(LABELS, locale) ? locale : 'en']! };
}

/** A sign label by computed key (`cat_<category>`, `decides_<value>`), or `undefined` when there is none. */
export function signLabelOf(t: SignLabels, key: string): string | undefined {
  return Object.hasOwn(t, key) ? t[key as keyof SignLabels] : undefined;
}
