import type { Context, Variable } from '../../src/domain/content.js';
import type { LocaleValues } from '../../src/domain/locale.js';
import type { Release } from '../release.js';
import { joinPath } from '../../src/core/json.js';

/** A context declared by a category (`element_context`) or an element (`context`). */
export interface ContextSite {
  file: string;
  path: string;
  context: Context;
}

/** A variable list: a category's `element_variables` or an element's `variables`. */
export interface VariableSite {
  file: string;
  path: string;
  variables: Variable[];
  categoryId: string;
}

/** A localized text; `required` ones must have a non-empty entry per release locale. */
export interface LocalizedSite {
  file: string;
  path: string;
  values: LocaleValues;
  required: boolean;
}

export function contextSites(release: Release): ContextSite[] {
  const sites: ContextSite[] = [];
  for (const { file, value } of release.categories) {
    if (value.element_context) sites.push({ file, path: 'element_context', context: value.element_context });
  }
  for (const { file, value } of release.elements) {
    if (value.context) sites.push({ file, path: 'context', context: value.context });
  }
  return sites;
}

export function variableSites(release: Release): VariableSite[] {
  return [
    ...release.categories.map(({ file, value }) => ({
      file,
      path: 'element_variables',
      variables: value.element_variables,
      categoryId: value.id,
    })),
    ...release.elements.map(({ file, value }) => ({
      file,
      path: 'variables',
      variables: value.variables,
      categoryId: value.category_id,
    })),
  ];
}

type Examples = { scenario: LocaleValues; narrative: LocaleValues }[];

function examples(file: string, base: string, list: Examples): LocalizedSite[] {
  return list.flatMap((ex, i) => [
    { file, path: `${joinPath(base, 'examples')}[${i}].scenario`, values: ex.scenario, required: false },
    { file, path: `${joinPath(base, 'examples')}[${i}].narrative`, values: ex.narrative, required: false },
  ]);
}

function contextTexts(file: string, base: string, context: Context | undefined): LocalizedSite[] {
  if (!context) return [];
  return [
    { file, path: `${base}.name`, values: context.name, required: true },
    { file, path: `${base}.description`, values: context.description, required: true },
    ...context.values.flatMap((v, i) => [
      { file, path: `${base}.values[${i}].name`, values: v.name, required: true },
      { file, path: `${base}.values[${i}].description`, values: v.description, required: true },
    ]),
  ];
}

function variableTexts(file: string, base: string, variables: Variable[]): LocalizedSite[] {
  return variables.flatMap((variable, v) => {
    const at = `${base}[${v}]`;
    const own: LocalizedSite[] = [{ file, path: `${at}.label`, values: variable.label, required: true }];
    if (variable.kind !== 'multi_select_enum') return own;
    return [
      ...own,
      ...variable.options.flatMap((option, o) => {
        const opt = `${at}.options[${o}]`;
        return [
          { file, path: `${opt}.name`, values: option.name, required: true },
          { file, path: `${opt}.description`, values: option.description, required: true },
          { file, path: `${opt}.authoring_guidance`, values: option.authoring_guidance, required: false },
          ...examples(file, opt, option.examples),
        ];
      }),
    ];
  });
}

export function localizedSites(release: Release): LocalizedSite[] {
  const sites: LocalizedSite[] = [];
  if (release.datachainType) {
    const { file, value } = release.datachainType;
    sites.push({ file, path: 'name', values: value.name, required: true });
    sites.push({ file, path: 'description', values: value.description, required: false });
    value.subchains.forEach((s, i) =>
      sites.push({ file, path: `subchains[${i}].name`, values: s.name, required: true }),
    );
  }
  for (const { file, value } of release.categories) {
    sites.push(
      { file, path: 'name', values: value.name, required: true },
      { file, path: 'description', values: value.description, required: true },
      { file, path: 'prompt', values: value.prompt, required: false },
      { file, path: 'authoring_guidance', values: value.authoring_guidance, required: false },
      ...examples(file, '', value.examples),
      ...contextTexts(file, 'element_context', value.element_context),
      ...variableTexts(file, 'element_variables', value.element_variables),
    );
  }
  for (const { file, value } of release.elements) {
    sites.push(
      { file, path: 'title', values: value.title, required: true },
      { file, path: 'description', values: value.description, required: true },
      { file, path: 'authoring_guidance', values: value.authoring_guidance, required: false },
      ...examples(file, '', value.examples),
      ...contextTexts(file, 'context', value.context),
      ...variableTexts(file, 'variables', value.variables),
    );
  }
  return sites;
}
