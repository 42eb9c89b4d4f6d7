import { labelsOf } from './labels/shipped.js';

/**
 * The at-a-glance questions answered from the data flow's first and last categories (what
 * captures data, how results reach people), kept apart from the rest so each block can change alone.
 */
const FLOW_QUESTIONS_EN = {
  q_captures: 'What captures data here?',
  q_reaches: 'How do its results reach people?',
};

/** Fixed wording of the page and the sign in English, the fallback; other locales are under `labels/`. */
const EN = {
  ...FLOW_QUESTIONS_EN,
  untitled: 'AI system',
  kicker: 'How this AI system works',
  fallbackNote: 'Parts of this page are not available in English and are shown in the language they were written in.',
  /** Shown on a page whose locale no fluent speaker's review is on record for (translation status). */
  reviewNote: 'No review of this translation by a fluent speaker is on record; some of its wording may be inaccurate.',
  glance: 'At a glance',
  q_who: 'Who is responsible, and how do I reach them?',
  q_does: 'What is it for?',
  q_takesIn: 'What data does it take in?',
  q_kept: 'How long is data kept, and where?',
  q_identify: 'Can it identify people?',
  q_decides: 'Does a person make the final decision?',
  q_shares: 'Who else gets the data?',
  q_risks: 'What are the risks, and what is done about them?',
  q_rights: 'What are my rights, and how do I use them?',
  notStated: 'Not stated in this disclosure.',
  noContact: 'No contact details are given in this disclosure.',
  mitigation: 'What is done',
  colon: ':',
  /** Between the parts of a phrase, as in "DTPR taxonomy, 1 September 2026". */
  comma: ', ',
  /** A parenthetical after a phrase, its text at `{text}`: " (beta)". */
  parens: ' ({text})',
  human_decides: 'Yes.',
  human_decidesWhy: 'The system informs or suggests; a person makes the decision.',
  human_executes: 'Partly.',
  human_executesWhy: 'The system reaches the decision; a person carries it out and can step in.',
  human_oversees: 'Partly.',
  human_overseesWhy: 'The system acts; a person watches over it and can step in.',
  autonomous: 'No.',
  autonomousWhy: 'The system decides on its own.',
  depends: 'It depends.',
  dependsWhy: 'Its parts differ: each is shown below.',
  noDecision: 'It makes no decision.',
  noDecisionWhy: 'None of its parts is described as deciding or acting.',
  identifiable: 'Yes.',
  identifiableWhy: 'Some of the data can tell who a person is.',
  pseudonymous: 'Indirectly.',
  pseudonymousWhy: 'People appear as codes, which can be traced back to them with information kept separately.',
  de_identified: 'Unlikely.',
  de_identifiedWhy: 'Details that point to a person are removed from the data.',
  unknown: 'Not stated.',
  unknownWhy: 'The disclosure does not say how identifiable the data is.',
  unknownDecides: 'The disclosure does not say who has the final say.',
  dataIn: 'Takes in',
  dataOut: 'Produces',
  useContacts: 'To use them, contact the people responsible (above).',
  contents: 'On this page',
  requiredEmpty: 'Required category: nothing is disclosed here yet.',
  required: 'Required',
  proposed: 'Proposed',
  proposedNote: 'Proposed by the author; not part of the published schema.',
  missing: 'Missing required values:',
  missingOne: 'Missing required value:',
  meaning: 'What this means',
  provenance: 'Why this element was chosen',
  confidence: 'Confidence',
  dataFlows: 'How data flows',
  about: 'About this disclosure',
  aboutNote:
    'This page follows DTPR (Digital Trust for Places & Routines), an open format for explaining technology used in public life.',
  schema: 'Format',
  taxonomy_ai: 'DTPR AI taxonomy',
  taxonomy_dtpr: 'DTPR taxonomy',
  beta: 'beta',
  publishedAt: 'Published at',
  preparing: 'Preparing the disclosure\u2026',
  riskAndDone: 'Risk and what is done',
  more: 'Read more',
  source: 'Source',
  disclosureId: 'Reference',
  created: 'Written',
  updated: 'Updated',
  drafting: 'Drafting',
  aiDrafted: 'Drafted with the help of an AI system',
  model: 'model',
  sources: 'Sources',
  high: 'high',
  medium: 'medium',
  low: 'low',
  src_ai_register: 'AI register',
  src_model_card: 'Model card',
  src_policy_document: 'Policy document',
  src_api_documentation: 'API documentation',
  src_framework: 'Framework',
  src_standard: 'Standard',
  src_regulation: 'Regulation',
  src_research_paper: 'Research paper',
  src_prior_art: 'Prior example',
  src_internal_memo: 'Internal memo',
  src_other: 'Other source',
};

export type Labels = Record<keyof typeof EN, string>;

/** The datachain type whose fixed wording names an AI system; the labels above are written for it. */
const AI_TYPE = 'ai';
/**
 * Wording for every other datachain type (dtpr, and any later one), which may describe a plain
 * camera or sensor: the texts that say "AI system" say "technology" instead.
 */
const NEUTRAL_EN: Pick<Labels, 'untitled' | 'kicker'> = {
  untitled: 'Technology in this place',
  kicker: 'How this technology works',
};

/** The fixed wording for a locale (English when it has none) and a datachain type (default `ai`). */
export function labelsFor(locale: string, datachainType: string = AI_TYPE): Labels {
  const own = labelsOf(locale);
  const t = own?.page ?? EN;
  return datachainType === AI_TYPE ? t : { ...t, ...(own?.page_neutral ?? NEUTRAL_EN) };
}

/** A label by computed key (source types, sign categories), or `undefined` when the locale has none. */
export function labelOf(t: Labels, key: string): string | undefined {
  return Object.hasOwn(t, key) ? t[key as keyof Labels] : undefined;
}
