/** Fixed wording of the rendered page, per locale (English is the fallback). */
const EN = {
    requiredEmpty: 'Required category: no element placed yet.',
    required: 'Required',
    proposed: 'Proposed',
    proposedNote: 'Proposed by the author; not part of the published schema.',
    missing: 'Missing required values:',
    sources: 'Sources',
    provenance: 'Why this element was chosen',
    confidence: 'Confidence',
    model: 'Model',
    dataFlows: 'Data flows',
    schema: 'Schema version',
    notSet: 'not set',
    priority: 'Priority',
    contents: 'Contents',
    aiDrafted: 'Drafted with the help of an AI system',
};

export type Labels = Record<keyof typeof EN, string>;

const LABELS: Record<string, Labels> = {
  en: EN,
  fr: {
    requiredEmpty: 'Catégorie obligatoire : aucun élément placé pour l\u2019instant.',
    required: 'Obligatoire',
    proposed: 'Proposé',
    proposedNote: 'Proposé par l\u2019auteur ; absent du schéma publié.',
    missing: 'Valeurs obligatoires manquantes :',
    sources: 'Sources',
    provenance: 'Pourquoi cet élément a été choisi',
    confidence: 'Confiance',
    model: 'Modèle',
    dataFlows: 'Flux de données',
    schema: 'Version du schéma',
    notSet: 'non renseigné',
    priority: 'Priorité',
    contents: 'Sommaire',
    aiDrafted: 'Rédigé avec l\u2019aide d\u2019un système d\u2019IA',
  },
};

export function labelsFor(locale: string): Labels {
  return LABELS[locale] ?? EN;
}
