import { badRequest, invalidArguments, unknownName } from '../core/error-catalogue.js';
import * as z from 'zod';
import type { ErrorItem } from '../core/envelope.js';
import { findPrompt, PROMPTS } from '../prompts/registry.js';
import { EXPORT_FORMATS } from '../services/export/targets.js';
import type { Release } from '../store/release.js';
import type { SchemaStore } from '../store/store.js';
import type { MethodHandler } from './context.js';
import { InvalidParams, parseParams } from './jsonrpc.js';
import { RESOURCE_TEMPLATES } from './resources.js';
import { isRecord } from '../core/values.js';
import { releaseOf } from '../prompts/args.js';
import { parseDatachainText, releaseForDatachain } from '../prompts/datachain-input.js';
import { canonicalLocale } from '../domain/locale.js';

const CompleteParams = z.looseObject({
  ref: z.union([
    z.looseObject({ type: z.literal('ref/prompt'), name: z.string() }),
    z.looseObject({ type: z.literal('ref/resource'), uri: z.string() }),
  ]),
  argument: z.looseObject({ name: z.string(), value: z.string().max(256) }),
  context: z.looseObject({ arguments: z.record(z.string(), z.string()).optional() }).optional(),
});

const MAX_VALUES = 100;

/** `params.ref` is one of its two shapes, else -32602 that shows both (zod's union error names neither). */
function checkRef(params: unknown): void {
  const ref = isRecord(params) ? params.ref : undefined;
  if (
    isRecord(ref) &&
    ((ref.type === 'ref/prompt' && typeof ref.name === 'string') ||
      (ref.type === 'ref/resource' && typeof ref.uri === 'string'))
  )
    return;
  const message = `Invalid params: params.ref ${ref === undefined ? 'is missing' : 'is neither a prompt nor a resource template reference'}.`;
  throw new InvalidParams(
    badRequest({
      message,
      path: 'params.ref',
      fix_hint:
        'Send {"type":"ref/prompt","name":"<a prompt of prompts/list>"} or {"type":"ref/resource","uri":"<a template of resources/templates/list>"}.',
    }),
  );
}

type Candidates = (store: SchemaStore, context: Readonly<Record<string, string>>) => readonly string[];

/**
 * The release the prompt will use, chosen as the prompts choose it (`releaseOf`,
 * `releaseForDatachain`): the already-chosen `version` argument, else the `schema_version` of an
 * already-given `datachain` (JSON text), else ai@latest. A version the catalogue does not serve is
 * -32602 at its path under `params.context`: an empty list would read as "no values".
 */
function chosenRelease(store: SchemaStore, context: Readonly<Record<string, string>>): Release {
  const given = !context.version && context.datachain ? parseDatachainText(context.datachain) : undefined;
  const release =
    given && given.error === undefined
      ? releaseForDatachain({ store }, undefined, given.value)
      : releaseOf(store, context.version || 'ai@latest');
  if (release.error) throw new InvalidParams({ ...release.error, path: `params.context.${release.error.path}` });
  return release.value;
}

/** Arguments that take a locale: a typed alias (`tl`, `zh-TW`) completes to the locale it names. */
const LOCALE_ARGUMENTS = new Set(['locale', 'target_locale']);

/** Candidate values per argument name; an argument not listed here exists but is free text. */
const CANDIDATES: Record<string, Candidates> = {
  version: (store) => {
    const index = store.index();
    return [...Object.keys(index.aliases), ...index.versions.map((v) => v.id).reverse()];
  },
  element_id: (store, c) => [...chosenRelease(store, c).elementById.keys()],
  category_id: (store, c) => chosenRelease(store, c).bundle.categories.map((x) => x.id),
  locale: (store, c) => chosenRelease(store, c).locales,
  target_locale: (store, c) => chosenRelease(store, c).locales,
  format: () => EXPORT_FORMATS,
};

/** The `{name}` parameters of a URI template, in order. */
function templateArguments(template: string): string[] {
  return template
    .split('{')
    .slice(1)
    .map((part) => part.slice(0, part.indexOf('}')));
}

/** The argument names of the prompt or template a reference names; an unknown one is -32602. */
function argumentsOf(ref: z.output<typeof CompleteParams>['ref']): string[] {
  if (ref.type === 'ref/prompt') {
    const prompt = findPrompt(ref.name);
    if (prompt) return prompt.arguments.map((a) => a.name);
    const hint = `Use one of: ${PROMPTS.map((p) => p.name).join(', ')}.`;
    throw new InvalidParams(unknownName('prompt', ref.name, 'params.ref.name', hint));
  }
  const template = RESOURCE_TEMPLATES.find((t) => t.uriTemplate === ref.uri);
  if (template) return templateArguments(template.uriTemplate);
  const hint = `Use one of: ${RESOURCE_TEMPLATES.map((t) => t.uriTemplate).join(', ')}.`;
  throw new InvalidParams(unknownName('resource template', ref.uri, 'params.ref.uri', hint));
}

/** Prefix matches first, then other substring matches, both case-insensitive, in candidate order. */
function rank(candidates: readonly string[], typed: string): string[] {
  const v = typed.toLowerCase();
  const prefix: string[] = [];
  const inner: string[] = [];
  for (const c of candidates) {
    const i = c.toLowerCase().indexOf(v);
    if (i === 0) prefix.push(c);
    else if (i > 0) inner.push(c);
  }
  return [...prefix, ...inner];
}

/**
 * Completes the arguments of prompts and resource templates: versions and aliases, element and
 * category ids and locales of the release the prompt will use (`chosenRelease`). Free-text arguments
 * get no values; an unknown prompt, template or argument name is -32602.
 */
export const complete: MethodHandler = (params, ctx) => {
  checkRef(params);
  const p = parseParams(CompleteParams, params);
  const names = argumentsOf(p.ref);
  const { name, value } = p.argument;
  if (!names.includes(name)) {
    const error: ErrorItem = invalidArguments({
      message: `'${name.slice(0, 64)}' is not an argument of this ${p.ref.type === 'ref/prompt' ? 'prompt' : 'resource template'}.`,
      path: 'params.argument.name',
      fix_hint: `Its arguments are: ${names.join(', ')}.`,
    });
    throw new InvalidParams(error);
  }
  const candidates = Object.hasOwn(CANDIDATES, name)
    ? CANDIDATES[name]!(ctx.caller.store, p.context?.arguments ?? {})
    : [];
  const matches = rank(candidates, LOCALE_ARGUMENTS.has(name) ? canonicalLocale(value) : value);
  return {
    completion: { values: matches.slice(0, MAX_VALUES), total: matches.length, hasMore: matches.length > MAX_VALUES },
  };
};
