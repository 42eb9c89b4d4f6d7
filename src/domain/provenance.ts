import * as z from 'zod';
import { isLinkUrl, misleadingUrl } from '../core/addresses.js';
import { capped } from './caps.js';
import { LocaleValues } from './locale.js';

const PROVENANCE_TYPES = [
  'ai_register',
  'model_card',
  'policy_document',
  'api_documentation',
  'framework',
  'standard',
  'regulation',
  'research_paper',
  'prior_art',
  'internal_memo',
  'other',
] as const;

/** A link a page may show (`isLinkUrl`) whose text is the address it opens (`misleadingUrl`). */
const readableLink = (url: string): boolean => isLinkUrl(url) && !misleadingUrl(url);

/** A reference to a public source backing a statement. */
export const ProvenanceRef = z.object({
  type: z.enum(PROVENANCE_TYPES),
  title: capped('name').min(1),
  url: capped('url')
    .refine(readableLink, {
      error: (issue) => {
        const misleading = misleadingUrl(String(issue.input));
        return misleading
          ? `The URL ${misleading.why}`
          : 'Use an http, https or mailto URL (other schemes such as javascript:, data: or file: are refused).';
      },
      params: {
        fix_hint:
          'Give an http, https or mailto address as a reader should see it: no user name or password, no backslash, no invisible characters.',
      },
    })
    .optional(),
  citation: capped('name').optional(),
});
export type ProvenanceRef = z.infer<typeof ProvenanceRef>;

export const Example = z.object({ scenario: LocaleValues, narrative: LocaleValues });
