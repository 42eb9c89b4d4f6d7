import { pickLocale } from '../core/projection.js';
import type { Category } from '../domain/content.js';
import type { LocaleCode } from '../domain/locale.js';
import type { Release } from '../store/release.js';
import { factWords } from './facts.js';
import { wordingOf, type Wording } from './wording.js';

const TEXT = {
  en: {
    head: 'How this release is built:',
    subchain: (id: string, name: string, path: string) =>
      `- Subchain ${id} (${name}): ${path}. Per flow, one entry {"id":"flow-1","subchain_id":"${id}"} in subchain_instances, and "subchain_instance_id":"flow-1" on each placement of the flow.`,
    collection: (c: string) =>
      `- ${c} Cameras, microphones, sensors and other devices that gather data, and the forms or records that supply it, go here, one placement per kind of device; say where each one is and what it covers. For a camera or a sensor, start here: it is what a passer-by asks first.`,
    manifestation: (c: string) =>
      `- ${c} How the results reach people or act on the world (a screen, an announcement, a message, a gate, a traffic signal, a changing price) goes here.`,
    action: (c: string, ids: string, context: string) =>
      `- ${c} What the system does is said with these verbs, not with functional modes: ${ids}.${context}`,
    autonomy: (id: string) => ` Set ${id} on each one honestly: who has the final say.`,
  },
  fr: {
    head: 'Structure de cette version :',
    subchain: (id: string, name: string, path: string) =>
      `- Sous-chaîne ${id} (${name}) : ${path}. Par flux, une entrée {"id":"flow-1","subchain_id":"${id}"} dans subchain_instances, et "subchain_instance_id":"flow-1" sur chaque placement du flux.`,
    collection: (c: string) =>
      `- ${c} Les caméras, micros, capteurs et autres appareils qui recueillent des données, ainsi que les formulaires ou dossiers qui en fournissent, vont ici, un placement par type d’appareil ; dites où se trouve chacun et ce qu’il couvre. Pour une caméra ou un capteur, commencez ici : c’est ce que le passant demande d’abord.`,
    manifestation: (c: string) =>
      `- ${c} La façon dont les résultats parviennent aux personnes ou agissent sur le monde (un écran, une annonce, un message, un portique, un feu, un prix qui varie) va ici.`,
    action: (c: string, ids: string, context: string) =>
      `- ${c} Ce que fait le système se dit avec ces verbes, et non avec des modes de fonctionnement : ${ids}.${context}`,
    autonomy: (id: string) => ` Renseignez honnêtement ${id} sur chacun : qui a le dernier mot.`,
  },
} satisfies Record<Wording, unknown>;

/** The categories a note is written for, by id; a release gets the note of each one it has, in its category order. */
const NOTED: ReadonlySet<string> = new Set(['collection', 'action', 'manifestation']);

function categoryNote(release: Release, category: Category, locale: LocaleCode): string {
  const t = TEXT[wordingOf(locale)];
  const head = factWords(locale).entry(category.id, pickLocale(category.name, locale));
  if (category.id === 'collection') return t.collection(head);
  if (category.id === 'manifestation') return t.manifestation(head);
  const verbs = (release.idsByCategory.get(category.id) ?? []).join(', ');
  return t.action(head, verbs, category.element_context ? t.autonomy(category.element_context.id) : '');
}

/**
 * Drafting notes that a release's own structure calls for, in one locale: how to place each of its
 * subchains (one entry of subchain_instances per flow, its id on the flow's placements), and for
 * each of the categories `collection`, `action` and `manifestation` the release has, what goes in
 * it (for `action`, its verbs: the element ids). Derived from the release, never from its version; `undefined` when the
 * release has neither subchains nor any of those categories. With `only`, the notes that concern
 * that one category.
 */
export function structureNotes(release: Release, locale: LocaleCode, only?: string): string | undefined {
  const type = release.bundle.datachain_type;
  const lines = [
    ...type.subchains
      .filter((s) => only === undefined || s.categories.includes(only))
      .map((s) => TEXT[wordingOf(locale)].subchain(s.id, pickLocale(s.name, locale), s.categories.join(' > '))),
    ...release.bundle.categories
      .filter((c) => NOTED.has(c.id) && (only === undefined || c.id === only))
      .map((c) => categoryNote(release, c, locale)),
  ];
  return lines.length ? [TEXT[wordingOf(locale)].head, ...lines].join('\n') : undefined;
}
