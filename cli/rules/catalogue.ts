import type { Severity } from '../../src/core/errors.js';

/**
 * Every finding code the schema CLI can emit, with its fixed severity, the rule family that
 * emits it, what triggers it and how to fix it. `docs/authoring-rules.md` is generated from this
 * table (`npm run gen`), and `npm run gen:check` fails when the two drift apart.
 */

export type RuleFamily =
  | 'input'
  | 'manifest'
  | 'uniqueness'
  | 'references'
  | 'locales'
  | 'variables'
  | 'placeholders'
  | 'symbols'
  | 'contexts'
  | 'search_terms'
  | 'translations';

export interface RuleInfo {
  readonly severity: Severity;
  readonly family: RuleFamily;
  readonly trigger: string;
  readonly fix: string;
}

const e = (family: RuleFamily, trigger: string, fix: string): RuleInfo => ({ severity: 'error', family, trigger, fix });
const w = (family: RuleFamily, trigger: string, fix: string): RuleInfo => ({
  severity: 'warning',
  family,
  trigger,
  fix,
});

export const CATALOGUE = {
  release_not_found: e(
    'input',
    'The release directory does not exist.',
    'Check the version id, or pass --source <dir>.',
  ),
  file_missing: e(
    'input',
    '`meta.yaml` or `datachain-type.yaml` is absent.',
    'Create the file; see docs/content-format.md.',
  ),
  yaml_syntax_error: e(
    'input',
    'A file is not well-formed YAML (bad indentation, duplicate key, several documents).',
    'Fix the YAML at the reported line and column.',
  ),
  schema_invalid: e(
    'input',
    'A value does not match the content schema (missing key, wrong type, bad enum, bad pattern).',
    'Correct the value at the reported path; see docs/content-format.md.',
  ),
  unknown_key: w(
    'input',
    'A key the content schema does not define; it is dropped from the bundle.',
    'Remove the key, or fix its spelling.',
  ),

  manifest_version_mismatch: e(
    'manifest',
    '`meta.yaml` `version` differs from the release being built (its directory).',
    'Set `version` to the id of the directory, e.g. ai@2026-08-12 for ai/2026-08-12.',
  ),
  manifest_status_mismatch: e(
    'manifest',
    '`status` is `beta` on a directory without `-beta`, or `stable` on one with it.',
    'Use `status: beta` exactly when the directory name ends in -beta.',
  ),
  locales_mismatch: e(
    'manifest',
    '`meta.yaml` `locales` and `datachain-type.yaml` `locales` differ.',
    'List the same locale codes in both files.',
  ),
  datachain_type_id_mismatch: e(
    'manifest',
    'The datachain type `id` differs from the type part of the version id.',
    'Make `datachain-type.yaml` `id` equal the part before "@" in the version.',
  ),

  category_duplicate: e(
    'uniqueness',
    'Two category files declare the same `id`.',
    'Rename one category, or delete the copy.',
  ),
  element_duplicate: e(
    'uniqueness',
    'Two element files declare the same `id`.',
    'Rename one element, or delete the copy.',
  ),
  subchain_duplicate: e(
    'uniqueness',
    'Two subchains of the datachain type share an `id`.',
    'Give each subchain its own id.',
  ),
  context_value_duplicate: e(
    'uniqueness',
    'A context lists the same value `id` twice.',
    'Give each context value its own id.',
  ),
  variable_duplicate: e(
    'uniqueness',
    "A category's `element_variables` or an element's `variables` repeat an `id`.",
    'Give each variable its own id, or merge the two.',
  ),
  variable_option_duplicate: e(
    'uniqueness',
    'A multi-select variable lists the same option `id` twice.',
    'Give each option its own id.',
  ),
  locale_duplicate: e(
    'uniqueness',
    'A localized text has two entries for the same locale.',
    'Keep one entry per locale.',
  ),

  category_ref_missing: e(
    'references',
    "An element's `category_id` names no category of the release.",
    'Use the id of a file in categories/, or add that category.',
  ),
  datachain_type_mismatch: e(
    'references',
    "A category's `datachain_type` differs from the datachain type `id`.",
    'Set `datachain_type` to the id in datachain-type.yaml.',
  ),
  category_order_ref_missing: e(
    'references',
    'The datachain type lists a category id that no category file declares.',
    'Remove the id from `categories`, or add the category.',
  ),
  category_order_duplicate: e('references', 'The datachain type lists a category twice.', 'List each category once.'),
  category_not_in_datachain_type: e(
    'references',
    'A category is not listed in the datachain type `categories` (so it has no display position).',
    'Add the category id to `categories` in datachain-type.yaml.',
  ),
  subchain_category_ref_missing: e(
    'references',
    'A subchain lists a category id that no category file declares.',
    'Remove the id from the subchain, or add the category.',
  ),
  subchain_category_duplicate: e(
    'references',
    'A subchain lists the same category twice.',
    'List each category once per subchain.',
  ),

  locale_field_empty: e(
    'locales',
    'A required localized text (name, description, title, label, context text) has no entries.',
    'Add one `{locale, value}` entry per release locale.',
  ),
  locale_missing: e(
    'locales',
    'A required localized text lacks one of the release locales.',
    'Add the missing `{locale, value}` entry.',
  ),
  locale_not_allowed: e(
    'locales',
    'A localized entry uses a locale that `meta.yaml` `locales` does not list.',
    'Remove the entry, or add the locale to both meta.yaml and datachain-type.yaml.',
  ),
  locale_value_blank: w(
    'locales',
    'A required localized text has an entry whose value is blank.',
    'Write the text for that locale.',
  ),

  variable_option_applies_to_unknown: e(
    'variables',
    "An option's `applies_to` names an id that is not an element of the same category.",
    "Use ids of elements in the variable's category.",
  ),
  variable_options_empty: w(
    'variables',
    'An optional multi-select variable has no options.',
    'Add options, or change the variable to localized_text.',
  ),
  variable_required_empty_options: e(
    'variables',
    'A required multi-select variable has no options, so no datachain can satisfy it.',
    'Add options, or make the variable optional.',
  ),

  variable_ref_missing: e(
    'placeholders',
    'A `{{placeholder}}` in an element title or description names no variable of the element or its category (or is not a slug).',
    'Use the id of a variable of the element or its category, or declare the variable.',
  ),
  locale_variable_drift: w(
    'placeholders',
    'A title or description uses different placeholders in different locales.',
    'Use the same placeholders in every locale.',
  ),

  symbol_not_found: e(
    'symbols',
    "An element's `symbol_id` has no `symbols/<symbol_id>.svg` file.",
    'Use one of the suggested ids, or add the SVG file.',
  ),
  symbol_malformed_wrapper: e(
    'symbols',
    'A symbol file is not one bare `<svg ...>...</svg>` element (BOM, XML prolog, comment or text around it).',
    'Make the file start with `<svg` and end with `</svg>`.',
  ),
  symbol_active_content: e(
    'symbols',
    'A symbol contains active or external content: script, style, foreignObject, animation elements, event-handler attributes, non-fragment href, `data:`, `url()` other than `url(#id)`, DOCTYPE or ENTITY.',
    'Remove it; draw with plain shapes and `currentColor`.',
  ),
  symbol_viewbox_wrong: e(
    'symbols',
    "A symbol's root `<svg>` has no `viewBox` or another one than `0 0 36 36`, the box the compositor places symbols by.",
    'Draw the symbol in `viewBox="0 0 36 36"` (scale its shapes to that box).',
  ),
  symbol_fixed_color: e(
    'symbols',
    'A symbol sets `fill`, `stroke`, `color` or a gradient stop or filter colour (as an attribute or in a `style` attribute) to a fixed colour, or leaves a shape with no `fill` on it or around it (SVG paints it black), which the compositor cannot change for dark variants or category colours.',
    'Use `currentColor` for what is drawn and `none` for what is not (`fill="none"` on the root covers every shape that sets no fill).',
  ),

  reserved_variant_token: e(
    'contexts',
    'A context value id is `default` or `dark`, which name the base icon variants.',
    'Rename the context value.',
  ),
  context_value_id_invalid: e(
    'contexts',
    'A context value id is not a slug, so it cannot name an icon variant.',
    'Use letters, digits, "_" and "-" only.',
  ),
  search_terms_locale_missing: e(
    'search_terms',
    'An element or category gives `search_terms` for some release locales but not all.',
    'Add a `{locale, terms}` entry for every release locale.',
  ),
  search_term_duplicate: e(
    'search_terms',
    "A locale's `search_terms` list the same term twice (case, accents and spacing ignored).",
    'Remove the repeat.',
  ),
  search_term_equals_title: e(
    'search_terms',
    'A search term is the title (or category name) of the same locale, which search already matches.',
    'Remove the term; add synonyms and everyday words instead.',
  ),

  low_contrast_context_color: w(
    'contexts',
    "The contrast between a context colour and its glyph colour (black when the colour's WCAG luminance is >= 0.179, else white) is below 4.5:1.",
    'Pick a darker or lighter colour.',
  ),

  translations_locale_unknown: e(
    'translations',
    '`translations.yaml` names a locale (source, reviewed locale or flag) that is not one of the release locales.',
    'Use only locales listed in meta.yaml `locales`; a locale the release does not carry is not listed.',
  ),
  translations_locale_duplicate: e(
    'translations',
    '`translations.yaml` `locales` lists a locale twice, or lists the source locale.',
    'Keep one entry per translated locale; the source locale is described by `source_locale` and `written_by`.',
  ),
  translations_review_unrecorded: e(
    'translations',
    'A locale is `machine_reviewed` or `human_reviewed` without `reviewed_by`, or its reviewer is its translator: a review counts only when an independent pass is recorded.',
    'Name the reviewer in `reviewed_by` (not the translator), or keep the status `machine_draft` / `unverified` until the review is done.',
  ),
  translations_flag_duplicate: e(
    'translations',
    'Two flags in `translations.yaml` share an `id`.',
    'Give each flag its own id.',
  ),
  translations_flag_key_invalid: e(
    'translations',
    'A flag key is not `<file>#<field path>` naming a content file of the release (datachain-type.yaml, categories/<id>.yaml, elements/<id>.yaml).',
    'Write the key as the file the text is in, "#", and the field, e.g. elements/accessibility.yaml#title.',
  ),
  translations_flag_on_source: w(
    'translations',
    'A flag is raised on the source locale, which has no translation to review.',
    'Raise it on the translated locale it concerns, or as kind source_issue on that locale.',
  ),
} as const satisfies Record<string, RuleInfo>;

export type FindingCode = keyof typeof CATALOGUE;

export const FINDING_CODES = Object.keys(CATALOGUE) as FindingCode[];
