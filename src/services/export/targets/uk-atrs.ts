import type { FieldSpec, TargetSpec } from '../spec.js';

const PHASES = ['pre-deployment', 'beta-pilot', 'private-beta', 'public-beta', 'production', 'retired'] as const;

const f = (field: string, required: boolean, about: string, rest: Partial<FieldSpec> = {}): FieldSpec => ({
  field,
  required,
  kind: 'text',
  about,
  ...rest,
});

/**
 * The UK Algorithmic Transparency Recording Standard: the published field list of the version 1
 * era (37 fields, 19 required), and the facets GOV.UK files each record under. English only.
 */
export const UK_ATRS: TargetSpec = {
  format: 'uk-atrs',
  optionKey: 'uk_atrs',
  title: 'UK Algorithmic Transparency Recording Standard (ATRS)',
  definition: 'The published ATRS field list (version 1 era) and the GOV.UK facets.',
  fixedLocale: 'en',
  fields: [
    f('name', true, 'Name of the tool.', { from: 'title' }),
    f('description', true, 'What the tool does.', { from: 'description' }),
    f('website', false, 'Web page about the tool.', { kind: 'url', from: 'website' }),
    f('contact_email', true, 'Contact address.', { kind: 'email', from: 'email' }),
    f('organisation', true, 'The public body that uses the tool.', { from: 'deployer' }),
    f('team', false, 'The team that runs it.'),
    f('senior_responsible_owner', false, 'Role of the senior responsible owner.'),
    f('external_supplier', true, 'Who supplies the tool (say so when it is built in-house).', { from: 'vendor' }),
    f('external_supplier_identifier', false, 'Company registration number of the supplier.'),
    f('external_supplier_role', true, 'What the supplier does.', { from: 'vendor_about' }),
    f('data_access_terms', false, 'Who may access the data, and on what terms.', { from: 'access' }),
    f('scope', true, 'What the tool is for and where it is used.', { from: 'purpose' }),
    f('benefit', true, 'Why it is used: the benefit expected.'),
    f('alternatives_considered', false, 'Alternatives considered.'),
    f('model_type', true, 'Kind of model or technique.', { from: 'processing_names' }),
    f('frequency_usage', false, 'How often it is used.'),
    f('phase', true, 'Phase of the tool.', { kind: 'enum', values: PHASES }),
    f('maintenance', false, 'How the tool is maintained and reviewed.'),
    f('system_architecture', false, 'Link to the system architecture.', { kind: 'url' }),
    f('process_integration', false, 'How the tool fits the decision process.', { from: 'decision' }),
    f('provided_information', false, 'What the tool produces and how it is shown.', { from: 'outputs_shown' }),
    f('human_decisions', true, 'Which decisions people make, and how.', { from: 'decision' }),
    f('required_training', false, 'Training the people using it get.'),
    f('appeals_and_review', true, 'How a person appeals or asks for review.', { from: 'objection' }),
    f('source_data_name', true, 'Names of the data sets used.', { from: 'input_names' }),
    f('source_data_description', true, 'What the data sets hold.', { from: 'inputs' }),
    f('source_data_url', false, 'Link to the data, when published.', { kind: 'url' }),
    f('data_collection', true, 'How and why the data is collected.', { from: 'collection' }),
    f('data_sharing_agreements', true, 'Agreements under which data is shared.'),
    f('data_access_and_storage', true, 'Who can access the data, where it is kept, for how long.', { from: 'keeping' }),
    f('impact_assessment_name', true, 'Name of the impact assessment done.'),
    f('impact_assessment_description', false, 'What the assessment found.'),
    f('impact_assessment_date', false, 'When it was done.'),
    f('impact_assessment_link', false, 'Link to it.'),
    f('risk_name', true, 'The risks.', { from: 'risk_names' }),
    f('risk_description', false, 'What each risk is.', { from: 'risk_texts' }),
    f('risk_mitigation', false, 'What is done about each risk.', { from: 'mitigations' }),
    f('facets.organisation', false, 'GOV.UK facet: organisation (repeats organisation).', { sameAs: 'organisation' }),
    f('facets.organisation_type', false, 'GOV.UK facet: type of organisation.'),
    f('facets.function', false, 'GOV.UK facet: function the tool serves.'),
    f('facets.capability', false, 'GOV.UK facet: capability (techniques).', { from: 'processing_names' }),
    f('facets.task', false, 'GOV.UK facet: task.'),
    f('facets.phase', false, 'GOV.UK facet: phase (repeats phase).', { sameAs: 'phase' }),
    f('facets.region', false, 'GOV.UK facet: region.'),
    f('facets.date_published', false, 'GOV.UK facet: date published (YYYY-MM-DD).', { kind: 'date' }),
    f('facets.atrs_version', false, 'GOV.UK facet: ATRS template version.'),
    f('facets.other_tags', false, 'GOV.UK facet: other tags.'),
  ],
  cannot: [
    'The benefit, the phase, data sharing agreements and the impact assessment.',
    'Team, senior responsible owner, supplier identifier, maintenance, training, usage frequency and architecture.',
    'A supplier when the system is built in-house (the field is required: say "built in-house" as an option).',
    'Data collection before ai@2026-08-24-beta, which has no collection category.',
    'The GOV.UK facets other than organisation, capability and phase.',
  ],
};
