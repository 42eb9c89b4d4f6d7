import { z } from 'zod';
import { DateTime } from './locale.js';

/** Why an AI author placed one element; keyed in `element_provenance` by placement. */
export const ElementProvenance = z.object({
  rationale: z.string().optional(),
  confidence: z.enum(['high', 'medium', 'low']).optional(),
  source_references: z.array(z.object({ quote: z.string().min(1), context: z.string().optional() })).optional(),
  /** Keyed by variable id of the placement's element. */
  variable_rationale: z.record(z.string(), z.string()).optional(),
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
    element_provenance: z.record(z.string(), ElementProvenance).optional(),
    model: z.string().optional(),
    generated_at: DateTime.optional(),
  }),
]);
export type AuthoringProvenance = z.infer<typeof AuthoringProvenance>;
