import * as z from 'zod';
import { CAPS } from '../../domain/caps.js';
import { MAX_FINDINGS } from '../../services/validator/finding.js';

/** The `datachain` argument: any JSON object; its shape is checked by the tool, softly. */
export function datachainArg(form: 'thin' | 'resolved') {
  const caps =
    `Strings are capped: element, placement, variable, option and context ids ${CAPS.id} characters; the datachain's id and ` +
    `instance_version, model names and source titles ${CAPS.name}; localized texts (titles, descriptions, values) ${CAPS.text}; URLs ${CAPS.url}; ` +
    `an answer lists at most ${MAX_FINDINGS} errors and ${MAX_FINDINGS} warnings (meta.truncated counts the rest).`;
  return z
    .looseObject({})
    .describe(
      form === 'thin'
        ? `The datachain (thin form): {elements:[{element_id, context_type_id?, variables?:[{id, value}], ...}], schema_version?, id?, created_at?, ...}. get_schema include="full" has its JSON Schema (DatachainInstance). ${caps}`
        : `A resolved datachain, as resolve_datachain returns it: the thin form plus schema_snapshot and suggested_elements. get_schema include="full" has its JSON Schema (ResolvedDatachainInstance). ${caps}`,
    );
}
