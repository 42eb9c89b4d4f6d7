import * as z from 'zod';

/**
 * Length caps on every caller string that reaches a rule, so the work and the answer of a request
 * stay bounded whatever it sends. docs/errors.md lists them (generated from this table).
 */
export const CAPS = {
  /** Ids: elements, placements, variables, options, contexts, categories, subchains, keys. */
  id: 128,
  /** Short plain strings: source titles and citations, model names, datachain ids. */
  name: 500,
  /** Localized texts (titles, labels, descriptions, variable values), rationale, quotes. */
  text: 4000,
  /** URLs and action targets. */
  url: 2048,
} as const;

export const CAP_USES: Readonly<Record<keyof typeof CAPS, string>> = {
  id: 'ids of elements, placements, variables, options, context values, categories, subchains and provenance keys',
  name: 'source titles and citations, model names, datachain ids and instance versions',
  text: 'every localized text (titles, labels, descriptions, text variable values), rationale and quotes',
  url: 'source URLs and action targets',
};

/** A string of at most `CAPS[kind]` characters. */
export const capped = (kind: keyof typeof CAPS) => z.string().max(CAPS[kind]);
