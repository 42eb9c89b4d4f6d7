/**
 * The at-a-glance questions answered from the data flow's first and last categories (what
 * captures data, how results reach people), kept apart from the rest so each block can change alone.
 */
const FLOW_QUESTIONS_EN = {
  q_captures: 'What captures data here?',
  q_reaches: 'How do its results reach people?',
};
const FLOW_QUESTIONS_FR: typeof FLOW_QUESTIONS_EN = {
  q_captures: 'Qu\u2019est-ce qui capte des données ici\u202f?',
  q_reaches: 'Comment ses résultats parviennent\u2011ils aux personnes\u202f?',
};

/** Fixed wording of the page and the sign, per locale (English is the fallback). */
const EN = {
  ...FLOW_QUESTIONS_EN,
  untitled: 'AI system',
  kicker: 'How this AI system works',
  fallbackNote: 'Parts of this page are not available in English and are shown in the language they were written in.',
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
  riskAndDone: 'Risk and what is done',
  more: 'Read more',
  colon: ':',
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
  source: 'Source',
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
  disclosureId: 'Reference',
  created: 'Written',
  updated: 'Updated',
  drafting: 'Drafting',
  aiDrafted: 'Drafted with the help of an AI system',
  preparing: 'Preparing the disclosure\u2026',
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

const FR: Labels = {
  ...FLOW_QUESTIONS_FR,
  untitled: 'Système d\u2019IA',
  kicker: 'Comment fonctionne ce système d\u2019IA',
  fallbackNote:
    'Certaines parties de cette page n\u2019existent pas en français\u202f; elles sont affichées dans leur langue d\u2019origine.',
  glance: 'L\u2019essentiel',
  q_who: 'Qui est responsable et comment le joindre\u202f?',
  q_does: 'À quoi sert\u2011il\u202f?',
  q_takesIn: 'Quelles données reçoit\u2011il\u202f?',
  q_kept: 'Combien de temps et où les données sont-elles gardées\u202f?',
  q_identify: 'Peut-il identifier des personnes\u202f?',
  q_decides: 'Une personne prend\u2011elle la décision finale\u202f?',
  q_shares: 'Qui d\u2019autre reçoit les données\u202f?',
  q_risks: 'Quels sont les risques et que fait\u2011on pour les réduire\u202f?',
  q_rights: 'Quels sont mes droits et comment les exercer\u202f?',
  notStated: 'Non précisé dans cette fiche.',
  noContact: 'Cette fiche ne donne aucun moyen de contact.',
  mitigation: 'Ce qui est fait',
  riskAndDone: 'Le risque et ce qui est fait',
  more: 'Lire la suite',
  colon: '\u202f:',
  human_decides: 'Oui.',
  human_decidesWhy: 'Le système informe ou suggère\u202f; une personne prend la décision.',
  human_executes: 'En partie.',
  human_executesWhy: 'Le système prend la décision\u202f; une personne la met en œuvre et peut intervenir.',
  human_oversees: 'En partie.',
  human_overseesWhy: 'Le système agit\u202f; une personne le surveille et peut intervenir.',
  autonomous: 'Non.',
  autonomousWhy: 'Le système décide seul.',
  depends: 'Cela dépend.',
  dependsWhy: 'Ses parties diffèrent\u202f: chacune est indiquée ci-dessous.',
  noDecision: 'Il ne prend aucune décision.',
  noDecisionWhy: 'Aucune de ses parties n\u2019est décrite comme décidant ou agissant.',
  identifiable: 'Oui.',
  identifiableWhy: 'Certaines données permettent de savoir de qui il s\u2019agit.',
  pseudonymous: 'Indirectement.',
  pseudonymousWhy:
    'Les personnes y figurent sous un code\u202f; des informations conservées à part permettent de les retrouver.',
  de_identified: 'Peu probable.',
  de_identifiedWhy: 'Les éléments qui désignent une personne sont retirés des données.',
  unknown: 'Non précisé.',
  unknownWhy: 'La fiche ne dit pas dans quelle mesure les données identifient des personnes.',
  unknownDecides: 'La fiche ne dit pas qui a le dernier mot.',
  dataIn: 'Reçoit',
  dataOut: 'Produit',
  useContacts: 'Pour les exercer, contactez les responsables (ci-dessus).',
  contents: 'Sur cette page',
  requiredEmpty: 'Catégorie obligatoire\u202f: rien n\u2019est encore indiqué ici.',
  required: 'Obligatoire',
  proposed: 'Proposé',
  proposedNote: 'Proposé par l\u2019auteur\u202f; absent du schéma publié.',
  missing: 'Valeurs obligatoires manquantes\u202f:',
  missingOne: 'Valeur obligatoire manquante\u202f:',
  meaning: 'Ce que cela signifie',
  source: 'Source',
  provenance: 'Pourquoi cet élément a été choisi',
  confidence: 'Confiance',
  dataFlows: 'Circulation des données',
  about: 'À propos de cette fiche',
  aboutNote:
    'Cette page suit DTPR (Digital Trust for Places & Routines), un format ouvert pour expliquer les technologies utilisées dans la vie publique.',
  schema: 'Format',
  taxonomy_ai: 'Taxonomie DTPR de l\u2019IA',
  taxonomy_dtpr: 'Taxonomie DTPR',
  beta: 'bêta',
  publishedAt: 'Publiée à l\u2019adresse',
  disclosureId: 'Référence',
  created: 'Rédigée le',
  updated: 'Mise à jour le',
  drafting: 'Rédaction',
  aiDrafted: 'Rédigée avec l\u2019aide d\u2019un système d\u2019IA',
  preparing: 'Préparation de la fiche\u2026',
  model: 'modèle',
  sources: 'Sources',
  high: 'élevée',
  medium: 'moyenne',
  low: 'faible',
  src_ai_register: 'Registre des algorithmes',
  src_model_card: 'Fiche de modèle',
  src_policy_document: 'Politique publiée',
  src_api_documentation: 'Documentation d\u2019API',
  src_framework: 'Cadre de référence',
  src_standard: 'Norme',
  src_regulation: 'Règlement',
  src_research_paper: 'Article de recherche',
  src_prior_art: 'Exemple antérieur',
  src_internal_memo: 'Note interne',
  src_other: 'Autre source',
};

const LABELS: Record<string, Labels> = { en: EN, fr: FR };

/** The datachain type whose fixed wording names an AI system; the labels above are written for it. */
const AI_TYPE = 'ai';
/**
 * Wording for every other datachain type (dtpr, and any later one), which may describe a plain
 * camera or sensor: the texts that say "AI system" say "technology" instead.
 */
const NEUTRAL: Record<string, Partial<Labels>> = {
  en: {
    untitled: 'Technology in this place',
    kicker: 'How this technology works',
  },
  fr: {
    untitled: 'Technologie dans ce lieu',
    kicker: 'Comment fonctionne cette technologie',
  },
};

/** The fixed wording for a locale (English when it has none) and a datachain type (default `ai`). */
export function labelsFor(locale: string, datachainType: string = AI_TYPE): Labels {
  const key = Object.hasOwn(LABELS, locale) ? locale : 'en';
  return datachainType === AI_TYPE ? LABELS[key]! : { ...LABELS[key]!, ...NEUTRAL[key] };
}

/** A label by computed key (source types, sign categories), or `undefined` when the locale has none. */
export function labelOf(t: Labels, key: string): string | undefined {
  return Object.hasOwn(t, key) ? t[key as keyof Labels] : undefined;
}
