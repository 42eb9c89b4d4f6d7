import type { LocaleCode } from '../domain/locale.js';
import type { CoverageItem } from '../services/export/coverage.js';
import { releaseExportSource } from '../services/export/read.js';
import { EXPORT_FORMATS, type ExportFormat, exportDatachain, targetOf } from '../services/export/targets.js';
import { DEFAULT_LIMITS } from '../core/settings.js';
import { DeadlineExceeded, startDeadline } from '../core/deadline.js';
import { timeout } from '../core/error-catalogue.js';
import { failure } from '../core/result.js';
import { checkResolvedDatachain, checkThinDatachain } from '../tools/kernel/check-datachain.js';
import { bad, datachainArgument, localeArgument, versionArgument } from './args.js';
import { definePrompt } from './define.js';
import { datachainJson } from './datachain-input.js';
import { datachainSetting, promptAnswer } from './setting.js';
import { answerLanguage, wordingOf, type Wording } from './wording.js';

const TEXT = {
  en: {
    summary: (title: string, v: string) => `Complete a register entry (${title}) from a DTPR datachain (${v})`,
    intro: (title: string, call: string) =>
      `Help the author turn the DTPR datachain in the next message into a complete entry of ${title}: call export_datachain ${call}.`,
    counts: (filled: number, fields: number, asks: number) =>
      `As it stands the datachain fills ${filled} of the register's ${fields} fields; ${asks} required fields need input:`,
    optional: (n: number) =>
      `${n} optional fields are empty as well; offer them once the required ones are done, without insisting.`,
    none: 'No required field needs input: show the author the record and the empty optional fields, and ask whether to fill any.',
    rules: [
      'Rules:',
      '- Ask the author only for the fields listed, one group at a time, in plain words; never invent a value, and never copy a text into another language yourself unless the author asks you to translate it.',
      '- Where a field can be filled in the datachain itself, say so: that is better than an option, because the sign and the page then say it too.',
      "- Put each answer where the field says: options.<target>.<field> for options, with the register's allowed values as written.",
      '- Then call export_datachain again with those options; repeat until data.complete is true, and give the author data.record.',
    ].join('\n'),
    material: 'The datachain:',
  },
  fr: {
    summary: (title: string, v: string) =>
      `Compléter une inscription au registre (${title}) depuis une datachain DTPR (${v})`,
    intro: (title: string, call: string) =>
      `Aidez l’auteur à faire de la datachain DTPR du message suivant une inscription complète au registre ${title} : appelez export_datachain ${call}.`,
    counts: (filled: number, fields: number, asks: number) =>
      `En l’état, la datachain remplit ${filled} des ${fields} champs du registre ; ${asks} champs obligatoires demandent une saisie :`,
    optional: (n: number) =>
      `${n} champs facultatifs sont vides aussi ; proposez-les une fois les champs obligatoires remplis, sans insister.`,
    none: 'Aucun champ obligatoire ne manque : montrez l’inscription à l’auteur et les champs facultatifs vides, et demandez s’il veut en remplir.',
    rules: [
      'Règles :',
      '- Ne demandez à l’auteur que les champs listés, par groupes, en termes simples ; n’inventez jamais de valeur et ne traduisez un texte vous-même que si l’auteur le demande.',
      '- Quand la datachain elle-même peut remplir un champ, dites-le : c’est mieux qu’une option, car le panneau et la page le disent alors aussi.',
      '- Placez chaque réponse où le champ l’indique : options.<cible>.<champ> pour les options, avec les valeurs admises par le registre telles qu’écrites.',
      '- Appelez ensuite export_datachain de nouveau avec ces options, jusqu’à ce que data.complete soit vrai, et donnez data.record à l’auteur.',
    ].join('\n'),
    material: 'La datachain :',
  },
} satisfies Record<Wording, unknown>;

/** The arguments of the export the coverage was read for: a register with one language takes no locale. */
const exportCall = (version: string, format: string, locale: string | undefined) =>
  `{"version":"${version}","format":"${format}",${locale ? `"locale":"${locale}",` : ''}"datachain":<the datachain>}`;

/** One line per field to ask for: the field, why it is empty, and what fills it. */
const ask = (c: CoverageItem) => `- ${c.field}: ${c.reason ?? ''}. ${c.fix_hint ?? ''}`.replace(/\.\. /g, '. ');

export const registerEntry = definePrompt({
  name: 'register_entry',
  title: 'Complete a register entry from a datachain',
  description:
    'Walks an author from a datachain to a complete entry of a public algorithm register (the Dutch Algoritmeregister, the Eurocities ' +
    'standard, the UK ATRS, or DPV JSON-LD): exports the datachain, lists only the required fields the coverage says need input with ' +
    'what fills each, and asks for the export to be repeated with those options until it is complete.',
  arguments: [
    datachainArgument(true, false),
    {
      name: 'format',
      description: `The register: ${EXPORT_FORMATS.map((f) => `"${f}"`).join(', ')}; completion/complete lists them.`,
      required: true,
      maxLength: 64,
    },
    versionArgument('the datachain\'s schema_version, else "ai@latest"'),
    localeArgument,
  ],
  async build(args, ctx) {
    const format = args.get('format')!;
    if (!(EXPORT_FORMATS as readonly string[]).includes(format))
      return bad(
        'arguments.format',
        `Unknown format '${format.slice(0, 64)}'.`,
        `Use one of: ${EXPORT_FORMATS.join(', ')}.`,
      );
    const setting = await datachainSetting(args, ctx, false);
    if (setting.error) return setting;
    const { dc, release, locale } = setting.value;
    // export_datachain refuses a datachain with errors, so a coverage of one would promise an export that fails.
    const check = Object.hasOwn(dc, 'schema_snapshot') ? checkResolvedDatachain : checkThinDatachain;
    const budget = DEFAULT_LIMITS.workBudgetMs;
    let checked: ReturnType<typeof check>;
    try {
      // The datachain argument is at most 64 KiB: its check fits the budget a validation has.
      checked = check(dc, release, ctx.store, startDeadline(budget));
    } catch (error) {
      if (error instanceof DeadlineExceeded) return failure(timeout(budget));
      throw error;
    }
    if (!checked.ok) {
      const errors = checked.outcome.envelope.ok ? [] : checked.outcome.envelope.errors;
      const first = errors[0] ? ` (the first: ${errors[0].code}${errors[0].path ? ` at ${errors[0].path}` : ''})` : '';
      return bad(
        'arguments.datachain',
        `The datachain has errors for which export_datachain refuses it${first}.`,
        'Correct them with validate_datachain (or the audit_datachain prompt), then ask for this prompt again.',
      );
    }
    const spec = targetOf(format as ExportFormat);
    // The release's elements are what the coverage reads; proposed elements of a resolved datachain add nothing a register takes.
    const out = exportDatachain(format as ExportFormat, checked.value, releaseExportSource(release), locale, undefined);
    const t = TEXT[wordingOf(locale)];
    const asks = out.coverage.filter((c) => c.status === 'needs_input');
    const empty = out.coverage.filter((c) => c.status === 'empty').length;
    const todo = asks.length
      ? [
          t.counts(out.summary.from_datachain, out.summary.fields, asks.length),
          ...asks.map(ask),
          t.optional(empty),
        ].join('\n')
      : t.none;
    return promptAnswer(
      t.summary(spec.title, release.id),
      [
        t.intro(spec.title, exportCall(release.id, format, spec.fixedLocale ? undefined : locale)),
        todo,
        t.rules,
        ...answerLanguage(locale),
      ],
      t.material,
      datachainJson(dc),
      'json',
    );
  },
});
