import { z } from 'zod';
import { LocaleValues } from './locale.js';

const PROVENANCE_TYPES = [
  'ai_register', 'model_card', 'policy_document', 'api_documentation', 'framework', 'standard',
  'regulation', 'research_paper', 'prior_art', 'internal_memo', 'other',
] as const;

/** A reference to a public source backing a statement. */
export const ProvenanceRef = z.object({
  type: z.enum(PROVENANCE_TYPES),
  title: z.string().min(1),
  url: z.url().optional(),
  citation: z.string().optional(),
});
export type ProvenanceRef = z.infer<typeof ProvenanceRef>;

export const Example = z.object({ scenario: LocaleValues, narrative: LocaleValues });
