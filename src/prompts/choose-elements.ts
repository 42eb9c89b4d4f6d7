import { pickLocale } from '../core/projection.js';
import type { Category, MaterializedElement } from '../domain/content.js';
import type { LocaleCode } from '../domain/locale.js';
import type { Release } from '../store/release.js';
import { bad, localeArgument, versionArgument } from './args.js';
import { definePrompt } from './define.js';
import { contextLine, factWords, releaseFacts, variableList } from './facts.js';
import { promptAnswer, releaseSetting } from './setting.js';
import { structureNotes } from './structure.js';
import { oneLine } from './text.js';
import { workflow } from './workflow.js';
import { answerLanguage, wordingOf, type Wording } from './wording.js';

const TEXT = {
  en: {
    summary: (c: string, v: string) => `Choose elements of ${c} with ${v}`,
    intro: 'Choose the elements of one DTPR category for the system the next message describes.',
    category: 'The category:',
    covers: (d: string) => `What it covers: ${d}`,
    guidance: (g: string) => `Authoring guidance: ${g}`,
    contextValues: (id: string) => `Context ${id}: each placement sets context_type_id to one of these values.`,
    shared: (list: string) => `Variables of every element here: ${list}.`,
    own: (list: string) => `own variables: ${list}`,
    elements: 'Its elements (id: title. what it means):',
    rules: [
      'Rules:',
      '- Choose every element that applies, the main one first, and say in one sentence which part of the description supports each.',
      '- Set context_type_id and fill the variables with facts from the description; where it is silent, leave the value out and ask instead.',
      '- If nothing applies: for an optional category, say so; for a required one, pick the closest element and say what the person must confirm.',
      '- If part of the description belongs in another category, name that category id.',
    ],
    answer:
      'Answer with the placements as one JSON array ([{"element_id":"…","context_type_id":"…","variables":[…]}]), then one line per placement with its reason, then the questions for the person.',
    material: 'The system, as the person describes it:',
  },
  fr: {
    summary: (c: string, v: string) => `Choisir les éléments de ${c} avec ${v}`,
    intro: 'Choisissez les éléments d’une catégorie DTPR pour le système que décrit le message suivant.',
    category: 'La catégorie :',
    covers: (d: string) => `Ce qu’elle couvre : ${d}`,
    guidance: (g: string) => `Conseils de rédaction : ${g}`,
    contextValues: (id: string) =>
      `Contexte ${id} : chaque placement renseigne context_type_id avec l’une de ces valeurs.`,
    shared: (list: string) => `Variables communes à tous ses éléments : ${list}.`,
    own: (list: string) => `variables propres : ${list}`,
    elements: 'Ses éléments (identifiant : titre. ce qu’il signifie) :',
    rules: [
      'Règles :',
      '- Choisissez tous les éléments qui s’appliquent, le principal d’abord, et dites en une phrase quelle partie de la description justifie chacun.',
      '- Renseignez context_type_id et les variables avec les faits de la description ; là où elle ne dit rien, laissez la valeur de côté et posez plutôt la question.',
      '- Si rien ne s’applique : pour une catégorie facultative, dites-le ; pour une catégorie obligatoire, prenez l’élément le plus proche et dites ce que la personne doit confirmer.',
      '- Si une partie de la description relève d’une autre catégorie, donnez l’identifiant de cette catégorie.',
    ],
    answer:
      'Répondez par les placements dans un seul tableau JSON ([{"element_id":"…","context_type_id":"…","variables":[…]}]), puis une ligne par placement avec sa justification, puis les questions pour la personne.',
    material: 'Le système, tel que la personne le décrit :',
  },
} satisfies Record<Wording, unknown>;

function elementLine(e: MaterializedElement, category: Category, locale: LocaleCode): string {
  const t = TEXT[wordingOf(locale)];
  const shared = new Set(category.element_variables.map((v) => v.id));
  const own = e.variables.filter((v) => !shared.has(v.id));
  const extras = [
    own.length ? t.own(variableList(own, locale)) : '',
    e.context ? (contextLine({ ...category, element_context: e.context }, locale) ?? '') : '',
  ].filter(Boolean);
  const line = `- ${factWords(locale).entry(e.id, pickLocale(e.title, locale))} ${oneLine(pickLocale(e.description, locale), 100)}`;
  return extras.length ? `${line} (${extras.join('; ')})` : line;
}

/** One category in detail: what it covers, its question and guidance, context values, variables and every element. */
function categoryDetail(release: Release, category: Category, locale: LocaleCode): string {
  const t = TEXT[wordingOf(locale)];
  const w = factWords(locale);
  const lines = [
    `${t.category} ${w.entry(category.id, pickLocale(category.name, locale))} ${category.required ? w.required : w.optional}`,
  ];
  lines.push(t.covers(pickLocale(category.description, locale)));
  const question = pickLocale(category.prompt, locale);
  if (question) lines.push(w.question(question));
  const guidance = pickLocale(category.authoring_guidance, locale);
  if (guidance) lines.push(t.guidance(guidance));
  const context = category.element_context;
  if (context) {
    lines.push(
      t.contextValues(context.id),
      ...context.values.map(
        (v) => `  - ${w.entry(v.id, pickLocale(v.name, locale))} ${oneLine(pickLocale(v.description, locale), 100)}`,
      ),
    );
  }
  if (category.element_variables.length) lines.push(t.shared(variableList(category.element_variables, locale)));
  lines.push(
    t.elements,
    // The category's elements alone, by their ids (decision 073): no other element is parsed.
    ...(release.idsByCategory.get(category.id) ?? []).map((id) =>
      elementLine(release.elementById.get(id)!, category, locale),
    ),
  );
  return lines.join('\n');
}

export const chooseElements = definePrompt({
  name: 'choose_elements',
  title: 'Choose elements for one category',
  description:
    "Helps pick the elements of one category for a described AI system or device: embeds that category's question, guidance, context values, " +
    'variables and every element (id, title, one-line meaning) from the release, and asks for placements with a reason each.',
  arguments: [
    {
      name: 'category_id',
      description: 'The category to fill, e.g. "input_dataset"; completion/complete lists the ids of the release.',
      required: true,
      maxLength: 64,
    },
    {
      name: 'system_description',
      description: 'What the system (an AI system, a camera, a sensor…) is and does, in plain words.',
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
    const id = args.get('category_id')!;
    const category = release.categoryById.get(id);
    if (!category) {
      return bad(
        'arguments.category_id',
        `Category '${id.slice(0, 64)}' is not in ${release.id}.`,
        `Use one of: ${release.bundle.categories.map((c) => c.id).join(', ')}.`,
      );
    }
    const t = TEXT[wordingOf(locale)];
    const notes = structureNotes(release, locale, category.id);
    return promptAnswer(
      t.summary(category.id, release.id),
      [
        t.intro,
        releaseFacts(release, locale, false),
        ...answerLanguage(locale),
        categoryDetail(release, category, locale),
        ...(notes ? [notes] : []),
        workflow(locale, release.id, ['list', 'get', 'validate']),
        t.rules.join('\n'),
        t.answer,
      ],
      t.material,
      args.get('system_description')!,
      'text',
    );
  },
});
