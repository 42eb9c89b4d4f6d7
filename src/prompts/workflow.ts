import type { LocaleCode } from '../domain/locale.js';
import { getElement } from '../tools/get-element.js';
import { listElements } from '../tools/list-elements.js';
import { listCategories } from '../tools/list-categories.js';
import { renderDatachain } from '../tools/render-datachain.js';
import { resolveDatachainTool } from '../tools/resolve-datachain.js';
import { validateDatachain } from '../tools/validate-datachain.js';
import { wordingOf, type Wording } from './wording.js';

export type Step = 'list' | 'get' | 'validate' | 'resolve' | 'render';

type StepText = (version: string, locale: string) => string;

const STEPS: Record<Wording, { head: string; steps: Record<Step, StepText> }> = {
  en: {
    head: 'Tools of this server, in the order to use them:',
    steps: {
      list: (v, l) =>
        `${listElements.name} {"version":"${v}","category_id":"<category id>","locales":["${l}"]} lists the elements of one category; with {"version":"${v}","query":"<a few words>","locale":"${l}"} it searches all categories instead.`,
      get: (v) =>
        `${getElement.name} {"version":"${v}","element_id":"<element id>"} gives an element's full title and description and the variables a placement fills; context_type_id takes a value of its category's element_context (${listCategories.name}).`,
      validate: (v) =>
        `${validateDatachain.name} {"version":"${v}","datachain":<the datachain>} reports every problem of shape, else every problem of content. Each error has a path into the datachain and a fix_hint: change exactly what it names, then validate again until the answer is ok.`,
      resolve: (v) =>
        `${resolveDatachainTool.name} {"version":"${v}","datachain":<the datachain>} returns a self-contained copy that pins the schema it uses, for sharing or archiving.`,
      render: (v, l) =>
        `${renderDatachain.name} {"version":"${v}","datachain":<the datachain>,"locale":"${l}"} renders the page a member of the public reads; read it with resources/read at the resource_uri its answer names.`,
    },
  },
  fr: {
    head: 'Outils de ce serveur, dans l’ordre où les utiliser :',
    steps: {
      list: (v, l) =>
        `${listElements.name} {"version":"${v}","category_id":"<identifiant de catégorie>","locales":["${l}"]} liste les éléments d’une catégorie ; avec {"version":"${v}","query":"<quelques mots>","locale":"${l}"}, il cherche plutôt dans toutes les catégories.`,
      get: (v) =>
        `${getElement.name} {"version":"${v}","element_id":"<identifiant d’élément>"} donne le titre et la description complets d’un élément et les variables qu’un placement renseigne ; context_type_id prend une valeur de l’element_context de sa catégorie (${listCategories.name}).`,
      validate: (v) =>
        `${validateDatachain.name} {"version":"${v}","datachain":<la datachain>} signale tous les problèmes de forme, sinon de contenu. Chaque erreur indique un chemin et un fix_hint : corrigez exactement ce qu’il désigne, puis revalidez jusqu’à obtenir ok.`,
      resolve: (v) =>
        `${resolveDatachainTool.name} {"version":"${v}","datachain":<la datachain>} renvoie une copie autonome qui fige le schéma utilisé, pour la partager ou l’archiver.`,
      render: (v, l) =>
        `${renderDatachain.name} {"version":"${v}","datachain":<la datachain>,"locale":"${l}"} produit la page que lit le public ; lisez-la avec resources/read à l’adresse resource_uri de sa réponse.`,
    },
  },
};

/**
 * The numbered tool steps of a prompt in its locale, with the release and the locale the tools
 * should answer in (`callLocale`, default the prompt's) filled into each call.
 */
export function workflow(
  locale: LocaleCode,
  version: string,
  steps: readonly Step[],
  callLocale: string = locale,
): string {
  const t = STEPS[wordingOf(locale)];
  return [t.head, ...steps.map((s, i) => `${i + 1}. ${t.steps[s](version, callLocale)}`)].join('\n');
}

/** Locales the skeleton writes each text in: enough to show the shape (the release facts list all). */
const SKELETON_LOCALES = 2;

/** The thin datachain shape, each localized text with an entry for the release's first locales. */
export function skeleton(
  version: string,
  locales: readonly string[],
  placeholders: { element: string; context: string; variable: string },
): string {
  const text = locales.slice(0, SKELETON_LOCALES).map((l) => ({ locale: l, value: '…' }));
  return JSON.stringify({
    schema_version: version,
    title: text,
    description: text,
    elements: [
      {
        element_id: placeholders.element,
        context_type_id: placeholders.context,
        variables: [{ id: placeholders.variable, value: text }],
      },
    ],
  });
}
