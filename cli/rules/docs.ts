import { CATALOGUE, FINDING_CODES, type RuleFamily } from './catalogue.js';

const FAMILIES: readonly { family: RuleFamily; title: string; intro: string }[] = [
  {
    family: 'input',
    title: 'Reading the files',
    intro: 'Each file is parsed on its own; a broken file never hides findings in the others.',
  },
  {
    family: 'manifest',
    title: 'Manifest',
    intro: '`meta.yaml` against the directory it lives in and against `datachain-type.yaml`.',
  },
  { family: 'uniqueness', title: 'Unique ids', intro: 'Ids that must not repeat.' },
  { family: 'references', title: 'References', intro: 'Ids that must name something that exists.' },
  {
    family: 'locales',
    title: 'Locales',
    intro:
      'Required texts: category and context names and descriptions, element titles and descriptions, variable labels, option names and descriptions, the datachain type and subchain names. Optional texts (prompts, guidance, examples, the datachain type description) are only checked for allowed and repeated locales.',
  },
  { family: 'variables', title: 'Variables', intro: 'Category `element_variables` and element `variables`.' },
  {
    family: 'placeholders',
    title: 'Placeholders',
    intro:
      "`{{variable}}` in element titles and descriptions, in every locale. Known variables are the element's own plus its category's.",
  },
  { family: 'symbols', title: 'Symbols', intro: 'Files in `symbols/`, and the `symbol_id` of each element.' },
  {
    family: 'contexts',
    title: 'Contexts',
    intro:
      "Category `element_context` and element `context` values. The glyph drawn on a coloured shape is black when the colour's WCAG relative luminance is at least 0.179, else white; with that rule every #RRGGBB colour reaches at least 4.58:1, so `low_contrast_context_color` only fires if the threshold or the glyph colours change.",
  },
  {
    family: 'search_terms',
    title: 'Search terms',
    intro:
      'Optional `search_terms` of categories and elements: words people search with besides the title. Terms are compared without case, accents or extra spaces.',
  },
  {
    family: 'translations',
    title: 'Translation review metadata',
    intro:
      'The optional `translations.yaml` beside the content: which locales were translated by whom, their review state and the flags raised on them (outside the content hash). It may describe only locales the release carries.',
  },
];

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** The Markdown of docs/authoring-rules.md, generated from the catalogue. */
export function renderRulesDoc(): string {
  const lines = [
    '# Authoring rules',
    '',
    '<!-- Generated from cli/rules/catalogue.ts by `npm run gen`. Do not edit. -->',
    '',
    '`npm run schema -- validate <version>` and `build` run every rule below on a release and report',
    'every finding; no rule stops another. Each finding has a `code`, a `severity`, the `file`',
    '(relative to the release directory), a `path` inside that file (`description[fr]` names the',
    'French text of `description`), a `message` and a `fix_hint`:',
    '',
    '```',
    'error    variable_ref_missing  elements/data_retained.yaml  description[fr]: Placeholder {{durée}} names no variable ...',
    '         fix: Use the id of a variable of the element or its category, or declare the variable.',
    '```',
    '',
    'Errors block the build (exit 1); warnings do not.',
    `There are ${FINDING_CODES.length} codes.`,
  ];
  for (const { family, title, intro } of FAMILIES) {
    lines.push('', `## ${title}`, '', intro, '', '| Code | Severity | Trigger | Fix |', '|---|---|---|---|');
    for (const code of FINDING_CODES) {
      const info = CATALOGUE[code];
      if (info.family !== family) continue;
      lines.push(`| \`${code}\` | ${info.severity} | ${cell(info.trigger)} | ${cell(info.fix)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
