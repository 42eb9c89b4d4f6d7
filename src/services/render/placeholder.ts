import { renderDocument } from './document.js';

export const PLACEHOLDER_TITLE = 'DTPR datachain (awaiting tool call)';

let cached: string | undefined;

/** The page a session reads before its first successful render. */
export function placeholderDocument(): string {
  cached ??= renderDocument(
    {
      lang: 'en',
      title: PLACEHOLDER_TITLE,
      description: 'Nothing has been rendered in this session yet. Call the render_datachain tool with a datachain; its page then appears here.',
      version: '',
      sections: [],
      sources: [],
      subchains: [],
    },
    () => '',
  );
  return cached;
}
