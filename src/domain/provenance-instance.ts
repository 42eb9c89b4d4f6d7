import * as z from 'zod';
import { capped } from './caps.js';
import { DateTime } from './locale.js';

/** Why an AI author placed one element; keyed in `element_provenance` by placement. */
export const ElementProvenance = z.object({
  rationale: capped('text').optional(),
  confidence: z.enum(['high', 'medium', 'low']).optional(),
  source_references: z.array(z.object({ quote: capped('text').min(1), context: capped('text').optional() })).optional(),
  /** Keyed by variable id of the placement's element. */
  variable_rationale: z.record(capped('id'), capped('text')).optional(),
});
export type ElementProvenance = z.infer<typeof ElementProvenance>;

/**
 * Who wrote the datachain. `element_provenance` is keyed by a placement's `element_instance_id`,
 * or by its `element_id` when that element is placed once without an instance id.
 */
export const AuthoringProvenance = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('human') }),
  z.object({
    kind: z.literal('ai_generated'),
    element_provenance: z.record(capped('id'), ElementProvenance).optional(),
    model: capped('name').optional(),
    generated_at: DateTime.optional(),
  }),
]);
export type AuthoringProvenance = z.infer<typeof AuthoringProvenance>;
