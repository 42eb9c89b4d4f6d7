import * as z from 'zod';
import { capped } from './caps.js';
import { DateTime, LocaleCode, LocaleValues, Slug } from './locale.js';
import { Example, ProvenanceRef } from './provenance.js';

export const SHAPES = ['hexagon', 'circle', 'octagon', 'rounded-square'] as const;
export const Shape = z.enum(SHAPES);
export type Shape = z.infer<typeof Shape>;

const HexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Use a #RRGGBB colour.');

const ContextValue = z.object({
  id: capped('id').min(1),
  name: LocaleValues,
  description: LocaleValues,
  /** `null` renders as a tag without colour; icon variants then alias default/dark. */
  color: HexColor.nullable(),
});
export const Context = z.object({
  id: capped('id').min(1),
  /**
   * `false`: a placement may leave `context_type_id` out (the value is unknown or not stated).
   * Absent means required, as in every release before `ai@2026-08-24-beta`.
   */
  required: z.boolean().optional(),
  name: LocaleValues,
  description: LocaleValues,
  values: z.array(ContextValue).min(1),
});
export type Context = z.infer<typeof Context>;

const VariableOption = z.object({
  id: Slug,
  name: LocaleValues,
  description: LocaleValues,
  applies_to: z.array(capped('id').min(1)).min(1),
  sources: z.array(ProvenanceRef).default([]),
  authoring_guidance: LocaleValues.default([]),
  examples: z.array(Example).default([]),
});

const variableBase = { id: Slug, label: LocaleValues, required: z.boolean().default(false) };
const MultiSelectVariable = z.object({
  ...variableBase,
  kind: z.literal('multi_select_enum'),
  sources: z.array(ProvenanceRef).default([]),
  options: z.array(VariableOption).default([]),
});
/** `kind` may be omitted in authored YAML: it then means `localized_text`. */
const LocalizedTextVariable = z.object({
  ...variableBase,
  kind: z.literal('localized_text').default('localized_text'),
});
export const Variable = z.union([MultiSelectVariable, LocalizedTextVariable]);
export type Variable = z.infer<typeof Variable>;

/**
 * Words a person might search with besides the title (synonyms, everyday and trade names), per
 * locale. Search matches them; pages do not show them.
 */
export const SearchTerms = z.array(
  z.object({ locale: LocaleCode, terms: z.array(z.string().min(1).max(80)).min(1).max(40) }),
);
export type SearchTerms = z.infer<typeof SearchTerms>;

export const Category = z.object({
  id: Slug,
  name: LocaleValues,
  description: LocaleValues,
  prompt: LocaleValues.default([]),
  authoring_guidance: LocaleValues.default([]),
  examples: z.array(Example).default([]),
  sources: z.array(ProvenanceRef).default([]),
  search_terms: SearchTerms.default([]),
  required: z.boolean().default(false),
  order: z.int().min(0).default(0),
  datachain_type: capped('id').min(1),
  shape: Shape,
  element_variables: z.array(Variable).default([]),
  element_context: Context.optional(),
});
export type Category = z.infer<typeof Category>;

export const Element = z.object({
  id: Slug,
  category_id: capped('id').min(1),
  title: LocaleValues,
  description: LocaleValues,
  authoring_guidance: LocaleValues.default([]),
  examples: z.array(Example).default([]),
  sources: z.array(ProvenanceRef).default([]),
  search_terms: SearchTerms.default([]),
  symbol_id: Slug,
  variables: z.array(Variable).default([]),
  context: Context.optional(),
});
export type Element = z.infer<typeof Element>;

/** An element as served: own variables then inherited ones, plus shape and icon variants. */
export const MaterializedElement = Element.extend({
  shape: Shape,
  icon_variants: z.array(z.string()),
});
export type MaterializedElement = z.infer<typeof MaterializedElement>;

const Subchain = z.object({
  id: Slug,
  name: LocaleValues,
  categories: z.array(capped('id').min(1)).min(1),
});
export const DatachainType = z.object({
  id: capped('id').min(1),
  name: LocaleValues,
  description: LocaleValues.default([]),
  categories: z.array(capped('id').min(1)).min(1),
  subchains: z.array(Subchain).default([]),
  locales: z.array(LocaleCode).min(1),
  sources: z.array(ProvenanceRef).default([]),
});
export type DatachainType = z.infer<typeof DatachainType>;

export const VERSION_PATTERN = /^[a-zA-Z0-9_-]+@\d{4}-\d{2}-\d{2}(-beta)?$/;
const CONTENT_HASH_PATTERN = /^sha256-[0-9a-f]{64}$/;
export const UNSTAMPED_HASH = `sha256-${'0'.repeat(64)}`;

export const Manifest = z.object({
  version: z.string().regex(VERSION_PATTERN, 'Use <type>@YYYY-MM-DD or <type>@YYYY-MM-DD-beta.'),
  status: z.enum(['beta', 'stable']),
  created_at: DateTime,
  notes: z.string().default(''),
  content_hash: z.string().regex(CONTENT_HASH_PATTERN, 'Use sha256- followed by 64 lowercase hex digits.'),
  locales: z.array(LocaleCode).min(1),
});
export type Manifest = z.infer<typeof Manifest>;
