import type { LocaleCode } from '../domain/locale.js';
import { datachainArgument, localeArgument, versionArgument } from './args.js';
import { definePrompt } from './define.js';
import { coverageOf, datachainJson } from './datachain-input.js';
import { releaseFacts } from './facts.js';
import { datachainSetting, promptAnswer } from './setting.js';
import { quoted } from './text.js';
import { workflow } from './workflow.js';
import { answerLanguage, wordingOf, type Wording } from './wording.js';

const TEXT = {
  en: {
    summary: (v: string) => `Explain a DTPR datachain (${v}) in plain English`,
    intro: (reader: string) =>
      `Explain the DTPR datachain in the next message in plain English to this reader: ${reader}. A datachain discloses what an AI system does as elements placed in categories; its placements are listed under each category below.`,
    anyone: 'a member of the public with no technical background',
    rules: [
      'How to write it:',
      '- Follow the categories in display order. For each one with placements, answer its question in one to three short sentences, built from the elements placed and the values the datachain gives them.',
      '- Open with what the system is for and who answers for it, with how to contact them when the datachain says.',
      '- Say plainly what data it takes in, whether people can be identified, how long data is kept, and what rights people have and how to use them.',
      '- When a category has nothing placed, say so. Never fill a gap with a guess, and add nothing the datachain does not say.',
      '- Use the element titles get_element gives in this language; copy numbers, names and contact details exactly.',
    ],
    answer: 'Answer with the explanation only, under a short heading per category.',
    passed: 'The datachain to explain:',
    session: 'The datachain to explain (none was passed, so this is the one last rendered in this session):',
  },
  fr: {
    summary: (v: string) => `Expliquer une datachain DTPR (${v}) en français simple`,
    intro: (reader: string) =>
      `Expliquez en français simple la datachain DTPR du message suivant à ce lecteur : ${reader}. Une datachain décrit ce que fait un système d’IA sous forme d’éléments placés dans des catégories ; ses placements figurent sous chaque catégorie ci-dessous.`,
    anyone: 'une personne du grand public sans connaissances techniques',
    rules: [
      'Comment l’écrire :',
      '- Suivez les catégories dans l’ordre d’affichage. Pour chacune qui a des placements, répondez à sa question en une à trois phrases courtes, à partir des éléments placés et des valeurs que la datachain leur donne.',
      '- Commencez par ce à quoi sert le système et qui en répond, avec le moyen de le joindre quand la datachain l’indique.',
      '- Dites simplement quelles données il reçoit, si les personnes sont identifiables, combien de temps les données sont gardées, et quels droits ont les personnes et comment les exercer.',
      '- Quand une catégorie n’a aucun placement, dites-le. Ne comblez jamais un manque par une supposition et n’ajoutez rien que la datachain ne dise pas.',
      '- Employez les titres d’éléments que get_element donne dans cette langue ; recopiez à l’identique les nombres, les noms et les coordonnées.',
    ],
    answer: 'Répondez uniquement par l’explication, avec un court intertitre par catégorie.',
    passed: 'La datachain à expliquer :',
    session: 'La datachain à expliquer (aucune n’a été transmise : c’est la dernière rendue dans cette session) :',
  },
} satisfies Record<Wording, unknown>;

export const explainDatachain = definePrompt({
  name: 'explain_datachain',
  title: 'Explain a datachain to the public',
  description:
    'Asks for a plain-language explanation of a datachain for a member of the public (or a given audience), category by category ' +
    "in display order, answering each category's question from what is placed and saying where nothing is.",
  arguments: [
    datachainArgument(false, true),
    versionArgument('the datachain\'s schema_version, else "ai@latest"'),
    localeArgument,
    {
      name: 'audience',
      description:
        'Who will read the explanation, e.g. "residents of a neighbourhood" or "secondary-school pupils". Default: a member of the public.',
      required: false,
      maxLength: 200,
    },
  ],
  async build(args, ctx) {
    const setting = await datachainSetting(args, ctx, true);
    if (setting.error) return setting;
    const { dc, release, locale } = setting.value;
    const t = TEXT[wordingOf(locale)];
    const audience = args.get('audience');
    return promptAnswer(
      t.summary(release.id),
      [
        t.intro(audience === undefined ? t.anyone : quoted(audience, 200)),
        releaseFacts(release, locale, true, coverageOf(release, dc)),
        ...answerLanguage(locale),
        workflow(locale, release.id, ['get', 'render']),
        t.rules.join('\n'),
        t.answer,
      ],
      args.has('datachain') ? t.passed : t.session,
      datachainJson(dc),
      'json',
    );
  },
});
