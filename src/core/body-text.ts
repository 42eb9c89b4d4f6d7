/** Decodes UTF-8 and throws on any byte sequence that is not UTF-8 (a leading BOM is dropped). */
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * A request body's text, or undefined when its bytes are not UTF-8. JSON exchanged between systems
 * is UTF-8 (RFC 8259), so such a body is refused rather than read with replacement characters that
 * would change what the caller sent (a search for 'fa\xffce' is not a search for 'fa�ce').
 */
export async function bodyText(request: { arrayBuffer(): Promise<ArrayBuffer> }): Promise<string | undefined> {
  const bytes = await request.arrayBuffer();
  try {
    return strict.decode(bytes);
  } catch {
    return undefined;
  }
}

/** What a refusal of a body that is not UTF-8 says. */
export const NOT_UTF8 = {
  message: 'The body is not valid UTF-8 text.',
  fix_hint: 'Encode the body as UTF-8, the one encoding JSON is exchanged in.',
} as const;
