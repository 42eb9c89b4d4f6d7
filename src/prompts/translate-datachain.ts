import type { LocaleCode } from '../domain/locale.js';
import { datachainArgument, localeArgument, localeOf, versionArgument } from './args.js';
import { definePrompt } from './define.js';
import { datachainJson, localizedTexts } from './datachain-input.js';
import { factWords, releaseFacts } from './facts.js';
import { datachainSetting, promptAnswer } from './setting.js';
import { quoted } from './text.js';
import { workflow } from './workflow.js';
import { answerLanguage, localeName, wordingOf, type Wording } from './wording.js';

const MAX_PATHS = 40;
/** Paths made of ordinary keys are shown as they are; any other is quoted as a JSON string. */
const PLAIN_PATH = /^[A-Za-z0-9_.[\]-]{1,120}$/;

const TEXT = {
  en: {
    summary: (target: string, v: string) => `Translate a DTPR datachain (${v}) into ${target}`,
    intro: (target: string, code: string) =>
      `Translate the free texts of the DTPR datachain in the next message into ${target} ("${code}").`,
    count: (total: number, missing: number, code: string) =>
      `It has ${total} localized texts; ${missing} have no "${code}" entry yet:`,
    none: (code: string) =>
      `Every one of them already has a "${code}" entry: check those entries and correct only what is wrong.`,
    rules: (code: string) =>
      [
        'Rules:',
        '- Translate only what the author wrote: title, description, text variable values, action labels and the texts of proposed elements. Ids (element, category, context value, variable, option) stay as they are, and so does schema_snapshot: the release already words its own content in each locale.',
        `- In each text, add {"locale":"${code}","value":"…"} beside the existing entries; never remove or alter another locale's entry.`,
        '- Keep the meaning. Copy names of people and organisations, numbers, addresses, URLs, email addresses and phone numbers exactly. Write plainly, for the public.',
      ].join('\n'),
    answer:
      'Answer with the whole translated datachain as one JSON block, validated again, then the list of paths you changed.',
    material: 'The datachain to translate:',
  },
  fr: {
    summary: (target: string, v: string) => `Traduire une datachain DTPR (${v}) en ${target}`,
    intro: (target: string, code: string) =>
      `Traduisez en ${target} (« ${code} ») les textes libres de la datachain DTPR du message suivant.`,
    count: (total: number, missing: number, code: string) =>
      `Elle compte ${total} textes localisés ; ${missing} n’ont pas encore d’entrée « ${code} » :`,
    none: (code: string) => `Tous ont déjà une entrée « ${code} » : relisez-les et ne corrigez que ce qui est faux.`,
    rules: (code: string) =>
      [
        'Règles :',
        '- Ne traduisez que ce que l’auteur a écrit : titre, description, valeurs des variables textuelles, libellés des actions et textes des éléments proposés. Les identifiants (élément, catégorie, valeur de contexte, variable, option) restent tels quels, de même que schema_snapshot : la version formule déjà son propre contenu dans chaque langue.',
        `- Dans chaque texte, ajoutez {"locale":"${code}","value":"…"} à côté des entrées existantes ; ne supprimez ni ne modifiez jamais l’entrée d’une autre langue.`,
        '- Gardez le sens. Recopiez à l’identique les noms de personnes et d’organisations, les nombres, les adresses, les URL, les courriels et les numéros de téléphone. Écrivez simplement, pour le grand public.',
      ].join('\n'),
    answer:
      'Répondez par la datachain traduite en entier dans un seul bloc JSON, validée de nouveau, puis par la liste des chemins modifiés.',
    material: 'La datachain à traduire :',
  },
} satisfies Record<Wording, unknown>;

export const translateDatachain = definePrompt({
  name: 'translate_datachain',
  title: 'Translate a datachain',
  description:
    'Asks for the free texts of a datachain to be translated into another locale of its release: lists the texts that lack that locale, ' +
    "keeps ids and the release's own wording untouched, and asks for the datachain back, validated.",
  arguments: [
    datachainArgument(true, false),
    {
      name: 'target_locale',
      description: 'The locale to translate into: a locale of the release, e.g. "fr"; completion/complete lists them.',
      required: true,
      maxLength: 16,
    },
    versionArgument('the datachain\'s schema_version, else "ai@latest"'),
    localeArgument,
  ],
  async build(args, ctx) {
    const setting = await datachainSetting(args, ctx, false);
    if (setting.error) return setting;
    const { dc, release, locale } = setting.value;
    const checkedTarget = localeOf(release, args.get('target_locale'), 'target_locale');
    if (checkedTarget.error) return checkedTarget;
    const target = checkedTarget.value;
    const t = TEXT[wordingOf(locale)];
    const texts = localizedTexts(dc, target);
    const shown = texts.missing.slice(0, MAX_PATHS).map((p) => `- ${PLAIN_PATH.test(p) ? p : quoted(p, 120)}`);
    if (texts.missing.length > MAX_PATHS) shown.push(`- ${factWords(locale).more(texts.missing.length - MAX_PATHS)}`);
    const todo = shown.length
      ? [t.count(texts.total, texts.missing.length, target), ...shown].join('\n')
      : t.none(target);
    return promptAnswer(
      t.summary(localeName(wordingOf(locale), target), release.id),
      [
        t.intro(localeName(wordingOf(locale), target), target),
        releaseFacts(release, locale, false),
        ...answerLanguage(locale),
        todo,
        workflow(locale, release.id, ['validate', 'render'], target),
        t.rules(target),
        t.answer,
      ],
      t.material,
      datachainJson(dc),
      'json',
    );
  },
});
