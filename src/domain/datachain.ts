import * as z from 'zod';
import { VERSION_PATTERN } from './content.js';
import { publishSchema } from './json-schemas.js';
import { capped } from './caps.js';
import { DateTime, listOf, LocaleValues, Slug } from './locale.js';
import { ProvenanceRef } from './provenance.js';
import { AuthoringProvenance } from './provenance-instance.js';

/**
 * One item of a variable value: `{locale, value}` for text variables, an option id for
 * multi-select ones. Which of the two a variable takes (and which locales) is a semantic rule.
 */
const VariableValueItem = z.union([z.object({ locale: capped('id').min(1), value: capped('text') }), capped('id')], {
  error: 'Use {"locale","value"} objects for text variables, or option id strings for multi-select variables.',
});

export const InstanceVariable = z.object({
  id: Slug.describe("A variable id of the placed element (its own or its category's)."),
  value: z
    .array(
      VariableValueItem,
      listOf('[{"locale":"en","value":"..."}] for a text variable, ["<option id>"] for a multi-select one'),
    )
    .describe('Text variables: [{"locale":"en","value":"..."}]; multi-select: ["<option id>"].'),
});
export type InstanceVariable = z.infer<typeof InstanceVariable>;

const ACTION_TYPES = ['email', 'url', 'phone', 'form', 'postal'] as const;
const InstanceAction = z.object({
  type: z.enum(ACTION_TYPES),
  label: LocaleValues,
  target: capped('url')
    .min(1)
    .describe('url/form: an http(s) URL; email: an address; phone: a number; postal: an address.'),
});

/** A placement: one element of the schema put in the datachain, with its variable values. */
export const InstanceElement = z.object({
  element_id: capped('id').min(1).describe('An element id of the schema version, e.g. "input_biometric".'),
  priority: z
    .int()
    .min(0)
    .default(0)
    .describe(
      'Order among the placements of its category on the page and the sign: a higher number comes first (so the main one takes the largest); equal numbers keep the written order. 0 by default.',
    ),
  context_type_id: capped('id')
    .min(1)
    .optional()
    .describe("A value id of the element's context (see its category's element_context)."),
  variables: z
    .array(InstanceVariable, listOf('[{"id":"<variable id>","value":[{"locale":"en","value":"..."}]}]'))
    .default([]),
  subchain_instance_id: capped('id')
    .min(1)
    .optional()
    .describe('The id of an entry of subchain_instances this placement belongs to.'),
  element_instance_id: Slug.optional().describe(
    'A datachain-unique id for this placement; needed to key provenance when an element is placed twice.',
  ),
  actions: z.array(InstanceAction).default([]),
  sources: z.array(ProvenanceRef).default([]),
});
export type InstanceElement = z.infer<typeof InstanceElement>;

const SubchainInstance = z.object({
  id: Slug,
  subchain_id: capped('id').min(1).describe('A subchain id of the datachain type, e.g. "data_flow".'),
  head_refs: z
    .array(capped('id').min(1))
    .default([])
    .describe('element_instance_ids (or element_ids) of placements in this subchain instance.'),
  order: z.int().min(0).optional(),
});

/**
 * The thin datachain an author writes. `id`, `created_at` and `schema_version` are optional
 * (`schema_version` defaults to the version the tool is called with) and `elements` may be empty.
 */
export const DatachainInstance = z.object({
  id: capped('name').min(1).optional(),
  title: LocaleValues.default([]),
  description: LocaleValues.default([]),
  schema_version: z.string().regex(VERSION_PATTERN, 'Use <type>@YYYY-MM-DD or <type>@YYYY-MM-DD-beta.').optional(),
  created_at: DateTime.optional(),
  updated_at: DateTime.optional(),
  instance_version: capped('name').min(1).optional(),
  elements: z.array(InstanceElement),
  subchain_instances: z.array(SubchainInstance).default([]),
  sources: z.array(ProvenanceRef).default([]),
  linked_instance_ids: z.array(capped('name').min(1)).default([]),
  authoring_provenance: AuthoringProvenance.optional(),
});
export type DatachainInstance = z.infer<typeof DatachainInstance>;

publishSchema('DatachainInstance', DatachainInstance);
publishSchema('AuthoringProvenance', AuthoringProvenance);
