import type { Fact, FactResult } from '../facts.js';
import { type ExportReader, isText, type Picked, type Placed } from '../read.js';
import type { FieldSpec, TargetSpec } from '../spec.js';

/** The vocabularies an export uses, by prefix: DPV 2.3, its AI extension and the EU AI Act extension. */
const DPV_CONTEXT = {
  dpv: 'https://w3id.org/dpv#',
  ai: 'https://w3id.org/dpv/ai#',
  'eu-aiact': 'https://w3id.org/dpv/legal/eu/aiact#',
  dct: 'http://purl.org/dc/terms/',
} as const;

/** Human involvement by autonomy context value (functional modes and actions alike). */
const INVOLVEMENT: Record<string, string> = {
  human_decides: 'dpv:HumanInvolvementForDecision',
  human_oversees: 'dpv:HumanInvolvementForOversight',
  human_executes: 'dpv:HumanInvolvementForIntervention',
  autonomous: 'dpv:HumanNotInvolved',
};

/** Kind of data by pii context value. */
const DATA_KIND: Record<string, string> = {
  identifiable: 'dpv:IdentifyingPersonalData',
  pseudonymous: 'dpv:PseudonymisedData',
  de_identified: 'dpv:AnonymisedData',
};

/** Processing elements that name an AI capability or technique of the vocabularies. */
const CAPABILITY: Record<string, string> = {
  computer_vision: 'ai:ComputerVision',
  biometric_recognition: 'eu-aiact:BiometricIdentification',
  affect_emotion_analysis: 'ai:EmotionRecognition',
  speech_audio: 'ai:SpeechRecognition',
  language_models: 'ai:NaturalLanguageProcessing',
  anomaly_detection: 'ai:PatternRecognition',
};
const TECHNIQUE: Record<string, string> = {
  classification_prediction: 'ai:MachineLearning',
  optimization: 'ai:OptimisationMethod',
};

/** Access elements that give someone the data (the `not_available_*` ones give no one). */
const RECIPIENT = /^available_/;

const LEGAL_BASES = [
  'dpv:Consent',
  'dpv:Contract',
  'dpv:LegalObligation',
  'dpv:PublicInterest',
  'dpv:OfficialAuthorityOfController',
  'dpv:LegitimateInterest',
] as const;
const RISK_LEVELS = [
  'eu-aiact:RiskLevelMinimal',
  'eu-aiact:RiskLevelTransparencyRequired',
  'eu-aiact:RiskLevelHigh',
  'eu-aiact:RiskLevelProhibited',
] as const;

type Node = Record<string, unknown>;

/** A text as a JSON-LD value in the export's language. */
const literal = (r: ExportReader, text: string) => ({ '@value': text, '@language': r.locale });

/**
 * One node per placement of some categories, each with the placement's text in the export's
 * locale; a placement whose text is not in that locale makes the field untranslated.
 */
function nodes(
  categories: readonly string[],
  text: (r: ExportReader, p: Placed) => Picked | undefined,
  node: (p: Placed) => Node,
  keep: (p: Placed) => boolean = () => true,
): Fact['read'] {
  return (r) => {
    const out: Node[] = [];
    const from: string[] = [];
    const untranslated: string[] = [];
    for (const p of categories.flatMap((c) => r.in(c)).filter(keep)) {
      const picked = text(r, p);
      if (picked && 'missing' in picked && picked.missing === 'locale') {
        untranslated.push(picked.path);
        continue;
      }
      const title = r.elementTitle(p);
      const words = picked && isText(picked) ? picked.text : isText(title) ? title.text : undefined;
      out.push({ ...node(p), ...(words ? { 'dct:description': literal(r, words) } : {}) });
      from.push(p.path);
    }
    if (untranslated.length) return { untranslated } as FactResult;
    return out.length
      ? { value: out, from }
      : { absent: `the datachain places no element of ${categories.join(', ')}` };
  };
}

const described = (variable: string) => (r: ExportReader, p: Placed) => {
  const v = r.variable(p, variable);
  return 'missing' in v && v.missing === 'absent' ? r.elementTitle(p) : v;
};

/** Terms picked by element id or context value (no text): the IRIs of the placements that map. */
function terms(
  categories: readonly string[],
  table: Record<string, string>,
  key: (p: Placed) => string | undefined,
): Fact['read'] {
  return (r) => {
    const hits = categories.flatMap((c) => r.in(c)).filter((p) => table[key(p) ?? ''] !== undefined);
    if (hits.length === 0) return { absent: `no placement of ${categories.join(', ')} maps to a vocabulary term` };
    return {
      value: [...new Set(hits.map((p) => table[key(p)!]!))].map((id) => ({ '@id': id })),
      from: hits.map((p) => p.path),
    };
  };
}

const party =
  (role: 'deployer' | 'vendor', type: string): Fact['read'] =>
  (r) => {
    const p = r.accountable(role)[0];
    if (!p) return { absent: `no accountable element has the context '${role}'` };
    const name = r.variable(p, 'title');
    if (!isText(name))
      return name.missing === 'locale' ? { untranslated: [name.path] } : { absent: `${p.path} has no title` };
    const email = p.placement.actions.find((a) => a.type === 'email');
    return {
      value: {
        '@type': type,
        'dpv:hasName': literal(r, name.text),
        ...(email ? { 'dpv:hasContact': email.target } : {}),
      },
      from: [p.path],
    };
  };

const FACT = {
  types: {
    where:
      'ai:AISystem for the datachain type; eu-aiact:EmotionRecognitionSystem when affect_emotion_analysis is placed',
    fill: 'nothing: the type is set by the export',
    read: (r: ExportReader) => {
      const emotion = r.in('processing').find((p) => p.element.id === 'affect_emotion_analysis');
      return {
        value: ['ai:AISystem', ...(emotion ? ['eu-aiact:EmotionRecognitionSystem'] : [])],
        from: ['schema_version', ...(emotion ? [emotion.path] : [])],
      };
    },
  },
  id: {
    where: 'datachain id, as urn:dtpr:<id> when it is not an IRI itself',
    fill: 'a datachain id',
    read: (r: ExportReader) => {
      const id = r.datachain.id;
      if (!id) return { absent: 'the datachain has no id' };
      return { value: /^[A-Za-z][A-Za-z0-9+.-]*:/.test(id) ? id : `urn:dtpr:${encodeURIComponent(id)}`, from: ['id'] };
    },
  },
  purpose: {
    where: 'purpose elements: additional_description, else the element title',
    fill: 'purpose elements',
    read: nodes(['purpose'], described('additional_description'), () => ({ '@type': 'dpv:Purpose' })),
  },
  deployer: {
    where: "accountable element with context 'deployer': title, email action",
    fill: "an accountable element with context 'deployer'",
    read: party('deployer', 'eu-aiact:AIDeployer'),
  },
  vendor: {
    where: "accountable element with context 'vendor': title, email action",
    fill: "an accountable element with context 'vendor'",
    read: party('vendor', 'eu-aiact:AIProvider'),
  },
  subjects: {
    where: 'affected elements: description variable, else the element title',
    fill: 'affected elements',
    read: nodes(['affected'], described('description'), () => ({ '@type': 'dpv:DataSubject' })),
  },
  data: {
    where: 'input_dataset and output_dataset elements: pii context as the kind of data, additional_description',
    fill: 'input_dataset or output_dataset elements',
    read: nodes(['input_dataset', 'output_dataset'], described('additional_description'), (p) => ({
      '@type': DATA_KIND[p.placement.context_type_id ?? ''] ?? 'dpv:Data',
    })),
  },
  involvement: {
    where: 'functional_modes or action elements: autonomy context',
    fill: 'functional_modes or action elements with an autonomy context',
    read: terms(['functional_modes', 'action'], INVOLVEMENT, (p) => p.placement.context_type_id),
  },
  capability: {
    where: `processing elements ${Object.keys(CAPABILITY).join(', ')}`,
    fill: 'a processing element that names a capability',
    read: terms(['processing'], CAPABILITY, (p) => p.element.id),
  },
  technique: {
    where: `processing elements ${Object.keys(TECHNIQUE).join(', ')}`,
    fill: 'a processing element that names a technique',
    read: terms(['processing'], TECHNIQUE, (p) => p.element.id),
  },
  risks: {
    where: 'risks_mitigation elements: risk, and mitigation as the measure',
    fill: 'risks_mitigation elements',
    read: (r: ExportReader) => {
      const base = nodes(['risks_mitigation'], described('risk'), () => ({ '@type': 'dpv:Risk' }))(r);
      if (!('value' in base)) return base;
      const placed = r.in('risks_mitigation');
      const untranslated: string[] = [];
      const value = (base.value as Node[]).map((node, i) => {
        const m = r.variable(placed[i]!, 'mitigation');
        if ('missing' in m) {
          if (m.missing === 'locale') untranslated.push(m.path);
          return node;
        }
        return {
          ...node,
          'dpv:isMitigatedByMeasure': { '@type': 'dpv:RiskMitigationMeasure', 'dct:description': literal(r, m.text) },
        };
      });
      return untranslated.length ? ({ untranslated } as FactResult) : { value, from: base.from };
    },
  },
  rights: {
    where: 'rights elements: rights text',
    fill: 'rights elements',
    read: nodes(['rights'], described('rights'), () => ({ '@type': 'dpv:DataSubjectRight' })),
  },
  storage: {
    where: 'retention elements: duration',
    fill: 'retention elements with a duration',
    read: nodes(['retention'], described('duration'), () => ({ '@type': 'dpv:StorageDuration' })),
  },
  recipients: {
    where: 'access elements available_*: additional_description, else the element title',
    fill: 'access elements saying who gets the data',
    read: nodes(
      ['access'],
      described('additional_description'),
      () => ({ '@type': 'dpv:Recipient' }),
      (p) => RECIPIENT.test(p.element.id),
    ),
  },
} satisfies Record<string, Fact>;

const ld = (field: string, required: boolean, about: string, from: Fact, rest: Partial<FieldSpec> = {}): FieldSpec => ({
  field,
  required,
  kind: 'jsonld',
  about,
  from,
  option: null,
  ...rest,
});

/**
 * W3C DPV 2.3 as JSON-LD: one node for the system, typed ai:AISystem, with the DPV properties a
 * datachain answers. Every term the export writes is listed in the mapping and exists in the
 * vocabularies (the tests check the IRIs against them).
 */
export const DPV_JSONLD: TargetSpec = {
  format: 'dpv-jsonld',
  optionKey: 'dpv',
  title: 'W3C Data Privacy Vocabulary 2.3 (JSON-LD), with the AI and EU AI Act extensions',
  definition:
    'DPV 2.3 and its `ai` and `eu-aiact` vocabularies; there is no JSON Schema, so the record is JSON-LD using only their terms.',
  fields: [
    {
      field: '@context',
      required: true,
      kind: 'const',
      value: DPV_CONTEXT,
      about: 'The prefixes of the vocabularies.',
    },
    { field: '@id', required: false, kind: 'iri', about: 'IRI of the system.', from: FACT.id, option: 'iri' },
    ld('@type', true, 'ai:AISystem, and EU AI Act system types the datachain shows.', FACT.types),
    { field: 'dct:title', required: true, kind: 'text', about: 'Name of the system.', from: 'title', option: 'title' },
    {
      field: 'dct:description',
      required: false,
      kind: 'text',
      about: 'Description of the system.',
      from: 'description',
      option: 'description',
    },
    ld('dpv:hasPurpose', true, 'Purposes (dpv:Purpose).', FACT.purpose),
    ld('dpv:hasResponsibleEntity', true, 'The deployer (eu-aiact:AIDeployer).', FACT.deployer),
    ld('dpv:hasEntity', false, 'The vendor (eu-aiact:AIProvider).', FACT.vendor),
    ld('dpv:hasDataSubject', false, 'People affected (dpv:DataSubject).', FACT.subjects),
    ld('dpv:hasData', false, 'Data in and out, typed by how identifying it is.', FACT.data),
    ld('dpv:hasHumanInvolvement', false, 'How people are involved in outcomes.', FACT.involvement),
    ld('ai:hasCapability', false, 'AI capabilities.', FACT.capability),
    ld('ai:hasTechnique', false, 'AI techniques.', FACT.technique),
    ld('dpv:hasRisk', false, 'Risks (dpv:Risk) with their mitigation measures.', FACT.risks),
    ld('dpv:hasRight', false, 'Rights (dpv:DataSubjectRight).', FACT.rights),
    ld('dpv:hasStorageCondition', false, 'How long data is kept (dpv:StorageDuration).', FACT.storage),
    ld('dpv:hasRecipient', false, 'Who gets the data (dpv:Recipient).', FACT.recipients),
    {
      field: 'dpv:hasLegalBasis',
      required: false,
      kind: 'enum_list',
      values: LEGAL_BASES,
      about: 'Legal bases of the processing (DPV terms).',
      option: 'legal_basis',
    },
    {
      field: 'dpv:hasRiskLevel',
      required: false,
      kind: 'enum',
      values: RISK_LEVELS,
      about: 'Risk level under the EU AI Act.',
      option: 'risk_level',
    },
  ],
  cannot: [
    'The legal basis and the EU AI Act risk level (options).',
    'Terms for purposes, rights, risks and recipients beyond the general classes: their texts are carried as descriptions.',
    'An IRI for the system when the datachain has no id.',
  ],
};

/** Finishes a DPV record: texts become language-tagged values, term options JSON-LD references. */
export function finishDpv(record: Record<string, unknown>, locale: string): void {
  for (const key of ['dct:title', 'dct:description']) {
    const value = record[key];
    if (typeof value === 'string') record[key] = { '@value': value, '@language': locale };
  }
  for (const key of ['dpv:hasLegalBasis', 'dpv:hasRiskLevel']) {
    const value = record[key];
    if (typeof value === 'string') record[key] = { '@id': value };
    else if (Array.isArray(value)) record[key] = value.map((v) => ({ '@id': v }));
  }
}
