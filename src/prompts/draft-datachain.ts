import { pickLocale } from '../core/projection.js';
import type { LocaleCode } from '../domain/locale.js';
import { localeArgument, versionArgument } from './args.js';
import { definePrompt } from './define.js';
import { releaseFacts } from './facts.js';
import { promptAnswer, releaseSetting } from './setting.js';
import { structureNotes } from './structure.js';
import { skeleton, workflow } from './workflow.js';
import { answerLanguage, wordingOf, type Wording } from './wording.js';

const TEXT = {
  en: {
    summary: (v: string) => `Draft a DTPR datachain with ${v}`,
    intro:
      'You are helping to write a DTPR datachain: a public disclosure of what a system does, made of elements placed in categories. Draft one for the system the next message describes.',
    type: (d: string) => `What a datachain of this type explains: ${d}`,
    shape: 'A datachain (thin form) looks like this; give every free text in each locale of the release:',
    placeholders: {
      element: '<element id>',
      context: '<context value id, if the category has a context>',
      variable: '<variable id>',
    },
    rules: [
      'Rules:',
      '- Take the categories in order and answer each question from the description. Place at least one element in every required category.',
      '- Use only element ids that list_elements returns for this release; never make one up.',
      '- Set context_type_id wherever the category has a context, and fill the variables that make the disclosure concrete: who, what, for how long. Contacts go in actions (email, url, phone…): the page reads them only there.',
      '- In a category with several elements, the one with the highest priority comes first on the page and the sign (0 by default).',
      '- Write down only what the description supports. If it says nothing about an optional category, leave the category out; either way, note what to ask the person.',
      '- Write for a member of the public: short sentences, everyday words, no in-house jargon.',
    ],
    answer:
      'Answer with the validated datachain as one JSON block, then the open questions for the person, one per line.',
    material: 'The system, as the person describes it:',
  },
  fr: {
    summary: (v: string) => `Rédiger une datachain DTPR avec ${v}`,
    intro:
      'Vous aidez à rédiger une datachain DTPR : la fiche publique qui décrit ce que fait un système, faite d’éléments placés dans des catégories. Rédigez-en une pour le système que décrit le message suivant.',
    type: (d: string) => `Ce qu’explique une datachain de ce type : ${d}`,
    shape:
      'Une datachain (forme simple) se présente ainsi ; donnez chaque texte libre dans toutes les langues de la version :',
    placeholders: {
      element: '<identifiant d’élément>',
      context: '<valeur de contexte, si la catégorie en a un>',
      variable: '<identifiant de variable>',
    },
    rules: [
      'Règles :',
      '- Parcourez les catégories dans l’ordre et répondez à chaque question à partir de la description. Placez au moins un élément dans chaque catégorie obligatoire.',
      '- N’utilisez que des identifiants d’éléments renvoyés par list_elements pour cette version ; n’en inventez jamais.',
      '- Renseignez context_type_id partout où la catégorie a un contexte, et les variables qui rendent la fiche concrète : qui, quoi, pour combien de temps. Contacts : en actions (email, url, phone…), seules lues par la page.',
      '- Dans une catégorie à plusieurs éléments, celui dont priority est le plus grand vient en premier (0 par défaut).',
      '- N’écrivez que ce que la description permet d’affirmer. Si elle ne dit rien d’une catégorie facultative, laissez-la de côté ; dans tous les cas, notez ce qu’il faut demander à la personne.',
      '- Écrivez pour le grand public : phrases courtes, mots de tous les jours, sans jargon interne.',
    ],
    answer:
      'Répondez par la datachain validée dans un seul bloc JSON, puis par les questions en suspens pour la personne, une par ligne.',
    material: 'Le système, tel que la personne le décrit :',
  },
} satisfies Record<Wording, unknown>;

export const draftDatachain = definePrompt({
  name: 'draft_datachain',
  title: 'Draft a datachain',
  description:
    "Turns a plain description of an AI system, a camera, a sensor or another technology in a place into a first datachain: walks the release's categories in display order with their questions, " +
    'names the tools to find elements and to validate, resolve and render, and asks for open questions where the description is silent.',
  arguments: [
    {
      name: 'system_description',
      description:
        'What the system (an AI system, a camera, a sensor…) is and does, in plain words: who runs it, what captures its data, what it decides or produces, how that reaches people, who it affects.',
      required: true,
      maxLength: 8000,
    },
    versionArgument('"ai@latest"'),
    localeArgument,
  ],
  build(args, ctx) {
    const setting = releaseSetting(args, ctx);
    if (setting.error) return setting;
    const { release, locale } = setting.value;
    const t = TEXT[wordingOf(locale)];
    const typeText = pickLocale(release.bundle.datachain_type.description, locale);
    const notes = structureNotes(release, locale);
    return promptAnswer(
      t.summary(release.id),
      [
        t.intro,
        ...(typeText ? [t.type(typeText)] : []),
        // The structure notes name every subchain, with how to place one.
        releaseFacts(release, locale, true, undefined, notes === undefined),
        ...answerLanguage(locale),
        ...(notes ? [notes] : []),
        workflow(locale, release.id, ['list', 'get', 'validate', 'resolve', 'render']),
        `${t.shape}\n${skeleton(release.id, release.locales, t.placeholders)}`,
        t.rules.join('\n'),
        t.answer,
      ],
      t.material,
      args.get('system_description')!,
      'text',
    );
  },
});
