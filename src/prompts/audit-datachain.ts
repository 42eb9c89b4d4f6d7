import type { LocaleCode } from '../domain/locale.js';
import { datachainArgument, localeArgument, versionArgument } from './args.js';
import { definePrompt } from './define.js';
import { coverageOf, datachainJson } from './datachain-input.js';
import { releaseFacts } from './facts.js';
import { datachainSetting, promptAnswer } from './setting.js';
import { workflow } from './workflow.js';
import { answerLanguage, wordingOf, type Wording } from './wording.js';

const TEXT = {
  en: {
    summary: (v: string) => `Audit a DTPR datachain against ${v}`,
    intro:
      'Audit the DTPR datachain in the next message on two counts: is it complete and valid for its release, and would a member of the public understand it? Its placements are listed under each category below.',
    complete: [
      'Completeness:',
      '- Every required category has at least one placement, and every placed element id exists in the release.',
      '- Each placement sets context_type_id where its category has a context, and fills the variables it requires.',
      (locales: string) => `- Every free text has an entry in each locale of the release: ${locales}.`,
      '- validate_datachain answers ok; otherwise report each of its errors with its path.',
    ],
    reading: [
      'Understanding, read as someone who meets the system in the street:',
      '- Can they tell who is accountable for it and how to reach them (an email, web or phone action)?',
      '- Is it clear what the system is for, what it takes in, whether people can be identified and how long data is kept?',
      '- Are their rights stated, each with a way to use them?',
      '- Are the texts short and concrete, free of jargon, acronyms and sales talk? Do the title and description agree with the elements placed?',
    ],
    answer:
      'Answer with the findings, most serious first, each with its severity (blocking, should fix or suggestion), its JSON path, what is wrong and the exact change. Then, if you changed anything, the corrected datachain as one JSON block, validated again.',
    passed: 'The datachain to audit:',
    session: 'The datachain to audit (none was passed, so this is the one last rendered in this session):',
  },
  fr: {
    summary: (v: string) => `Auditer une datachain DTPR avec ${v}`,
    intro:
      'Auditez la datachain DTPR du message suivant sur deux plans : est-elle complète et valide pour sa version, et une personne du grand public la comprendrait-elle ? Ses placements figurent sous chaque catégorie ci-dessous.',
    complete: [
      'Complétude :',
      '- Chaque catégorie obligatoire a au moins un placement, et chaque identifiant d’élément placé existe dans la version.',
      '- Chaque placement renseigne context_type_id quand sa catégorie a un contexte, ainsi que les variables qu’il exige.',
      (locales: string) => `- Chaque texte libre existe dans toutes les langues de la version : ${locales}.`,
      '- validate_datachain répond ok ; sinon, signalez chacune de ses erreurs avec son chemin.',
    ],
    reading: [
      'Compréhension, en lisant comme une personne qui croise le système dans la rue :',
      '- Sait-elle qui en répond et comment le joindre (une action courriel, web ou téléphone) ?',
      '- Voit-elle clairement à quoi sert le système, ce qu’il reçoit, si les personnes sont identifiables et combien de temps les données sont gardées ?',
      '- Ses droits sont-ils énoncés, chacun avec un moyen de l’exercer ?',
      '- Les textes sont-ils courts et concrets, sans jargon, sigles ni discours commercial ? Le titre et la description concordent-ils avec les éléments placés ?',
    ],
    answer:
      'Répondez par les constats, du plus grave au moins grave, chacun avec sa gravité (bloquant, à corriger ou suggestion), son chemin JSON, ce qui ne va pas et la modification exacte. Puis, si vous avez changé quelque chose, la datachain corrigée dans un seul bloc JSON, validée de nouveau.',
    passed: 'La datachain à auditer :',
    session: 'La datachain à auditer (aucune n’a été transmise : c’est la dernière rendue dans cette session) :',
  },
} satisfies Record<Wording, unknown>;

export const auditDatachain = definePrompt({
  name: 'audit_datachain',
  title: 'Audit a datachain',
  description:
    'Reviews a datachain for completeness against its release (required categories, context values, variables, every locale) ' +
    'and for how a member of the public would understand it; lists what it places under each category and asks for findings with exact fixes.',
  arguments: [
    datachainArgument(false, true),
    versionArgument('the datachain\'s schema_version, else "ai@latest"'),
    localeArgument,
  ],
  async build(args, ctx) {
    const setting = await datachainSetting(args, ctx, true);
    if (setting.error) return setting;
    const { dc, release, locale } = setting.value;
    const t = TEXT[wordingOf(locale)];
    const list = (items: ReadonlyArray<string | ((l: string) => string)>) =>
      items.map((i) => (typeof i === 'string' ? i : i(release.locales.join(', ')))).join('\n');
    return promptAnswer(
      t.summary(release.id),
      [
        t.intro,
        releaseFacts(release, locale, true, coverageOf(release, dc)),
        ...answerLanguage(locale),
        workflow(locale, release.id, ['validate', 'get', 'render']),
        list(t.complete),
        list(t.reading),
        t.answer,
      ],
      args.has('datachain') ? t.passed : t.session,
      datachainJson(dc),
      'json',
    );
  },
});
