import { type Result, type Success, success } from '../core/result.js';
import type { LocaleCode } from '../domain/locale.js';
import type { Release } from '../store/release.js';
import { localeOf, releaseOf } from './args.js';
import { datachainOf, parseDatachainText, releaseForDatachain, type Datachain } from './datachain-input.js';
import { userText, type PromptAnswer, type PromptArgs, type PromptContext } from './define.js';
import { fence } from './text.js';

/** The release (the `version` argument, default ai@latest) and the answer locale of a prompt. */
export function releaseSetting(args: PromptArgs, ctx: PromptContext): Result<{ release: Release; locale: LocaleCode }> {
  const release = releaseOf(ctx.store, args.get('version') ?? 'ai@latest');
  if (release.error) return release;
  const locale = localeOf(release.value, args.get('locale'));
  return locale.error ? locale : success({ release: release.value, locale: locale.value });
}

/**
 * The datachain a prompt is about (the `datachain` argument, or with `fromSession` the one last
 * rendered in the session), the release it belongs to, and the answer locale.
 */
export async function datachainSetting(
  args: PromptArgs,
  ctx: PromptContext,
  fromSession: boolean,
): Promise<Result<{ dc: Datachain; release: Release; locale: LocaleCode }>> {
  const input = fromSession ? await datachainOf(args, ctx) : parseDatachainText(args.get('datachain')!);
  if (input.error) return input;
  const release = releaseForDatachain(ctx, args.get('version'), input.value);
  if (release.error) return release;
  const locale = localeOf(release.value, args.get('locale'));
  return locale.error ? locale : success({ dc: input.value, release: release.value, locale: locale.value });
}

/** A prompt's answer: the instructions, then the caller's material in a fence it cannot close. */
export function promptAnswer(
  description: string,
  instructions: readonly string[],
  label: string,
  material: string,
  info: 'json' | 'text',
): Success<PromptAnswer> {
  return success({
    description,
    messages: [userText(instructions.join('\n\n')), userText(`${label}\n${fence(material, info)}`)],
  });
}
