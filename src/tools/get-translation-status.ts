import * as z from 'zod';
import { ok } from '../core/envelope.js';
import { FLAG_STATUSES } from '../domain/translations.js';
import { reviewOf, TranslationStatus, translationStatus } from '../services/translations/status.js';
import { localesArg, versionArg } from './args.js';
import { defineTool } from './kernel/define.js';
import { releaseMeta, withRelease } from './kernel/release-answer.js';

const MALFORMED =
  'The translation review metadata published with this release could not be read; every locale is shown as unverified.';

export const getTranslationStatus = defineTool({
  name: 'get_translation_status',
  title: 'Get translation status',
  description:
    'Says, for each locale of a version, who translated it and how far its texts were reviewed (source, unverified, ' +
    'machine_draft, machine_reviewed or human_reviewed), with the flags translators and reviewers raised on its texts ' +
    '(open ones by default). Only locales the release carries are listed. The review metadata is published beside ' +
    'the release, outside its content hash: it may change while the release does not.',
  input: z.strictObject({
    version: versionArg,
    locales: localesArg
      .optional()
      .describe(
        'Only these locales of the version (the aliases "tl" and "zh-TW" are read as "fil" and "zh-Hant"); default: all of them.',
      ),
    flag_status: z
      .enum([...FLAG_STATUSES, 'all'])
      .default('open')
      .describe('Which flags to list: "open" (default), "resolved", "wontfix" or "all". flag_counts always count all.'),
  }),
  output: TranslationStatus,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  soft: [],
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) => {
      const review = reviewOf(ctx.store.index(), release.id);
      const only = args.locales ? new Set<string>(args.locales) : undefined;
      const data = translationStatus(release, review === 'malformed' ? undefined : review, only, args.flag_status);
      return ok(data, releaseMeta(release, review === 'malformed' ? { warnings: [MALFORMED] } : {}));
    });
  },
});
