import { likelyLocale } from '../domain/locale-negotiation.js';
import { type Failure, failure, type Result, success } from '../core/result.js';
import { invalidArguments } from '../core/error-catalogue.js';
import type { ErrorItem } from '../core/envelope.js';
import { canonicalLocale, LOCALE_CODES, type LocaleCode } from '../domain/locale.js';
import type { Release } from '../store/release.js';
import { resolveVersion, type SchemaStore } from '../store/store.js';
import { kindOf } from '../core/values.js';

/** A prompt argument as `prompts/list` shows it, plus the longest value the prompt accepts. */
export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
  maxLength: number;
  /** How prompts/list describes the argument to a caller with no session (2026-07-28), where its session fallback is not there. */
  sessionless?: { description: string; required: true };
}

const locales = LOCALE_CODES.map((l) => `"${l}"`).join(' or ');

export const versionArgument = (fallback: string): PromptArgument => ({
  name: 'version',
  description: `Schema version: a dated id of a datachain type such as "ai@2026-08-12", or an alias per type ("ai@latest", "ai@latest-beta", "dtpr@latest-beta"). Default: ${fallback}. completion/complete lists them.`,
  required: false,
  maxLength: 64,
});

export const localeArgument: PromptArgument = {
  name: 'locale',
  description: `Language the release's texts are quoted in and the answer is asked in: ${locales}, a locale of the release. Default "en". The instructions themselves are in French for "fr" and in English otherwise.`,
  required: false,
  maxLength: 16,
};

const DATACHAIN_TEXT = 'The datachain as JSON text (an object, thin or resolved form).';

export const datachainArgument = (required: boolean, sessionFallback: boolean): PromptArgument => ({
  name: 'datachain',
  description: sessionFallback
    ? `${DATACHAIN_TEXT} Omitted: the datachain last rendered with render_datachain in this session (2025 sessions; a 2026-07-28 request has none).`
    : DATACHAIN_TEXT,
  required,
  maxLength: 64 * 1024,
  ...(sessionFallback ? { sessionless: { description: DATACHAIN_TEXT, required: true as const } } : {}),
});

type ArgResult = Result<Map<string, string>>;

/**
 * Checks `prompts/get` arguments against a prompt's declaration: every name declared, every value
 * a string within its length cap, every required one present. Empty strings, and strings of only
 * white space, count as absent.
 */
export function checkArguments(
  prompt: string,
  declared: readonly PromptArgument[],
  raw: Record<string, unknown>,
): ArgResult {
  const byName = new Map(declared.map((a) => [a.name, a]));
  const names = declared.map((a) => a.name).join(', ');
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(raw)) {
    const arg = byName.get(name);
    const path = `arguments.${name.slice(0, 64)}`;
    if (!arg)
      return bad(
        path,
        `Prompt '${prompt}' has no argument '${name.slice(0, 64)}'.`,
        `Use only its arguments: ${names}.`,
      );
    if (typeof value !== 'string') {
      return bad(
        path,
        `Argument '${name}' must be a string (got ${kindOf(value)}).`,
        'Prompt arguments are strings; send a datachain as JSON text.',
      );
    }
    if (value.length > arg.maxLength) {
      return bad(
        path,
        `Argument '${name}' is ${value.length} characters long; at most ${arg.maxLength} are accepted.`,
        'Shorten it.',
      );
    }
    if (value.trim() !== '') values.set(name, value);
  }
  for (const arg of declared) {
    if (arg.required && !values.has(arg.name)) {
      return bad(
        `arguments.${arg.name}`,
        `Prompt '${prompt}' needs the argument '${arg.name}'.`,
        `Add ${arg.name}: ${arg.description}`,
      );
    }
  }
  return success(values);
}

export function bad(path: string, message: string, fix_hint: string): Failure<ErrorItem> {
  return failure(invalidArguments({ message, path, fix_hint }));
}

/** The release a version argument names; an unknown one is an error at `path`. */
export function releaseOf(store: SchemaStore, version: string, path = 'arguments.version'): Result<Release> {
  const release = resolveVersion(store, version);
  return release.error === undefined ? release : failure({ ...release.error, path });
}

/** A locale argument (aliases resolved: `tl` is `fil`) checked against the release's locales (default "en"). */
export function localeOf(release: Release, value: string | undefined, name = 'locale'): Result<LocaleCode> {
  const locale = canonicalLocale(value ?? 'en');
  if (release.locales.includes(locale)) return success(locale as LocaleCode);
  // A code with a region or script (`pt-BR`) is not one of the release's codes, though its language may be.
  const meant = likelyLocale(locale, release.locales);
  return bad(
    `arguments.${name}`,
    meant
      ? `Locale '${locale.slice(0, 16)}' is not a code this server uses; ${release.id} has '${meant}'.`
      : `Locale '${locale.slice(0, 16)}' is not a locale of ${release.id}.`,
    meant
      ? `Use '${meant}' (the release's locales: ${release.locales.join(', ')}; completion/complete lists them).`
      : `Use one of: ${release.locales.join(', ')} (completion/complete lists them).`,
  );
}
