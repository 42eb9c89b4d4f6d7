import { pickLocale } from '../core/projection.js';
import type { Category, Variable } from '../domain/content.js';
import type { LocaleCode } from '../domain/locale.js';
import type { Release } from '../store/release.js';
import type { Coverage } from './datachain-input.js';
import { listOf } from './text.js';
import { wordingOf, type Wording } from './wording.js';

const WORDS = {
  en: {
    entry: (id: string, title: string) => `${id}: ${title}.`,
    release: (id: string, status: string, hash: string) => `DTPR release ${id} (${status}), content hash ${hash}.`,
    status: { beta: 'beta', stable: 'stable' },
    type: (name: string, id: string, locales: string) =>
      `Datachain type: ${name} (${id}). Free texts are written in each of its locales: ${locales}.`,
    categories: 'Categories, in display order:',
    required: 'Required.',
    optional: 'Optional.',
    question: (q: string) => `Question: “${q}”`,
    context: (id: string, values: string) => `Context ${id}, set with context_type_id: ${values}.`,
    variables: (list: string) => `Variables: ${list}.`,
    requiredVariable: 'required',
    options: 'options',
    subchains: 'Subchains (categories that form one flow):',
    placed: (ids: string) => `Placed: ${ids}.`,
    nothing: 'Placed: nothing.',
    proposed: 'proposed',
    unknown: (ids: string) => `Placed element ids this release does not define: ${ids}.`,
    more: (n: number) => `and ${n} more`,
  },
  fr: {
    entry: (id: string, title: string) => `${id} : ${title}.`,
    release: (id: string, status: string, hash: string) =>
      `Version DTPR ${id} (${status}), empreinte du contenu ${hash}.`,
    status: { beta: 'bêta', stable: 'stable' },
    type: (name: string, id: string, locales: string) =>
      `Type de datachain : ${name} (${id}). Les textes libres sont rédigés dans chacune de ses langues : ${locales}.`,
    categories: 'Catégories, dans l’ordre d’affichage :',
    required: 'Obligatoire.',
    optional: 'Facultative.',
    question: (q: string) => `Question : « ${q} »`,
    context: (id: string, values: string) => `Contexte ${id}, à indiquer dans context_type_id : ${values}.`,
    variables: (list: string) => `Variables : ${list}.`,
    requiredVariable: 'obligatoire',
    options: 'options',
    subchains: 'Sous-chaînes (catégories qui forment un même flux) :',
    placed: (ids: string) => `Placés : ${ids}.`,
    nothing: 'Placés : aucun.',
    proposed: 'proposé',
    unknown: (ids: string) => `Identifiants d’éléments placés que cette version ne définit pas : ${ids}.`,
    more: (n: number) => `et ${n} de plus`,
  },
} satisfies Record<Wording, unknown>;

export type FactWords = (typeof WORDS)['en'];
export const factWords = (locale: LocaleCode): FactWords => WORDS[wordingOf(locale)];

/** `id (Name)` for each value of a category's element context, or `undefined` when it has none. */
export function contextLine(category: Category, locale: LocaleCode): string | undefined {
  const ctx = category.element_context;
  if (!ctx) return undefined;
  return WORDS[wordingOf(locale)].context(
    ctx.id,
    ctx.values.map((v) => `${v.id} (${pickLocale(v.name, locale)})`).join(', '),
  );
}

/** Variable ids with their required flag and, for multi-select ones, their option ids. */
export function variableList(variables: readonly Variable[], locale: LocaleCode): string {
  const w = WORDS[wordingOf(locale)];
  return variables
    .map((v) => {
      const flags = [
        v.required ? w.requiredVariable : '',
        v.kind === 'multi_select_enum'
          ? `${w.options} ${listOf(
              v.options.map((o) => o.id),
              20,
              w.more,
            )}`
          : '',
      ].filter(Boolean);
      return flags.length ? `${v.id} (${flags.join('; ')})` : v.id;
    })
    .join(', ');
}

function categoryLine(c: Category, i: number, locale: LocaleCode, full: boolean, coverage?: Coverage): string {
  const w = WORDS[wordingOf(locale)];
  const parts = [`${i + 1}. ${w.entry(c.id, pickLocale(c.name, locale))}`, c.required ? w.required : w.optional];
  if (full) {
    const question = pickLocale(c.prompt, locale);
    if (question) parts.push(w.question(question));
    const context = contextLine(c, locale);
    if (context) parts.push(context);
    if (c.element_variables.length) parts.push(w.variables(variableList(c.element_variables, locale)));
  }
  if (coverage) {
    const placed = coverage.byCategory.get(c.id) ?? [];
    parts.push(
      placed.length
        ? w.placed(
            listOf(
              placed.map((p) => (p.proposed ? `${p.id} (${w.proposed})` : p.id)),
              20,
              w.more,
            ),
          )
        : w.nothing,
    );
  }
  return parts.join(' ');
}

/**
 * What an agent needs to know about a release, in one locale: its id, status and content hash,
 * then every category in display order with its title and required flag; `full` adds each
 * category's question, context values and variables, and the type's subchains unless `subchains`
 * is false (a prompt whose structure notes name them: `structure.ts`); `coverage` adds what a
 * datachain places.
 */
export function releaseFacts(
  release: Release,
  locale: LocaleCode,
  full: boolean,
  coverage?: Coverage,
  subchains = full,
): string {
  const w = WORDS[wordingOf(locale)];
  const type = release.bundle.datachain_type;
  const lines = [
    w.release(release.id, w.status[release.status], release.contentHash),
    w.type(pickLocale(type.name, locale), type.id, release.locales.join(', ')),
    w.categories,
    ...release.bundle.categories.map((c, i) => categoryLine(c, i, locale, full, coverage)),
  ];
  if (full && subchains && type.subchains.length) {
    lines.push(
      w.subchains,
      ...type.subchains.map((s) => `- ${s.id} (${pickLocale(s.name, locale)}): ${s.categories.join(', ')}`),
    );
  }
  if (coverage?.unknown.length) lines.push(w.unknown(listOf(coverage.unknown, 20, w.more)));
  return lines.join('\n');
}
