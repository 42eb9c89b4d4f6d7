import type { ErrorItem } from '../core/envelope.js';
import type { LocaleCode } from '../domain/locale.js';
import type { Release } from '../store/release.js';
import { localeOf, releaseOf } from './args.js';
import { datachainOf, parseDatachainText, releaseForDatachain, type Datachain } from './datachain-input.js';
import { userText, type PromptAnswer, type PromptArgs, type PromptContext } from './define.js';
import { fence } from './text.js';

/** The release (the `version` argument, default ai@latest) and the answer locale of a prompt. */
export function releaseSetting(
  args: PromptArgs,
  ctx: PromptContext,
): { release: Release; locale: LocaleCode } | { error: ErrorItem } {
  const release = releaseOf(ctx.store, args.get('version') ?? 'ai@latest');
  if ('error' in release) return release;
  const locale = localeOf(release, args.get('locale'));
  return typeof locale === 'string' ? { release, locale } : locale;
}

/**
 * The datachain a prompt is about (the `datachain` argument, or with `fromSession` the one last
 * rendered in the session), the release it belongs to, and the answer locale.
 */
export async function datachainSetting(
  args: PromptArgs,
  ctx: PromptContext,
  fromSession: boolean,
): Promise<{ dc: Datachain; release: Release; locale: LocaleCode } | { error: ErrorItem }> {
  const input = fromSession ? await datachainOf(args, ctx) : parseDatachainText(args.get('datachain')!);
  if ('error' in input) return input;
  const release = releaseForDatachain(ctx, args.get('version'), input.dc);
  if ('error' in release) return release;
  const locale = localeOf(release, args.get('locale'));
  return typeof locale === 'string' ? { dc: input.dc, release, locale } : locale;
}

/** A prompt's answer: the instructions, then the caller's material in a fence it cannot close. */
export function promptAnswer(
  description: string,
  instructions: readonly string[],
  label: string,
  material: string,
  info: 'json' | 'text',
): PromptAnswer {
  return {
    description,
    messages: [userText(instructions.join('\n\n')), userText(`${label}\n${fence(material, info)}`)],
  };
}
