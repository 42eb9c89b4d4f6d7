import { hasIgnorable } from './strings.js';
import { isAscii } from './utf8.js';

/**
 * Checks of caller-written addresses: URLs, email addresses and phone numbers. Each is linear in
 * the length of its input (a URL parse or character scans, never a backtracking pattern) and
 * refuses anything longer than MAX_ADDRESS_LENGTH before looking at it.
 */
const MAX_ADDRESS_LENGTH = 2048;

const WHITESPACE = /\s/;
/** Characters an email address may not contain anywhere (besides whitespace). */
const NOT_IN_EMAIL = new Set(['<', '>', '(', ')', '"', ',', ';', ':', '\\', '[', ']', '`', "'"]);

/** `text` parsed, when it is an absolute http or https URL with a host and no whitespace. */
function httpUrl(text: string): URL | undefined {
  if (text.length > MAX_ADDRESS_LENGTH || WHITESPACE.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : undefined;
}

/** An absolute http or https URL with a host, and no whitespace. */
export const isHttpUrl = (text: string): boolean => httpUrl(text) !== undefined;

/**
 * Whether an address holds white space inside it, not only around it: the usual reason one is
 * refused, which a message then says outright (with its escape, %20, for a URL).
 */
export const holdsSpace = (text: string): boolean => WHITESPACE.test(text.trim());

/** Control characters (C0, DEL, C1): a page shows them as nothing, a sign drops them. */
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
/** Format characters (Unicode's Cf: direction controls, and signs such as U+0600 that no text shows alone). */
const FORMAT = /\p{Cf}/u;

/**
 * Whether `text` holds a character a reader does not see: a control character, one that draws as
 * nothing (`hasIgnorable`, the table empty texts are judged by: a zero-width space, U+202E), or a
 * format character. Only text that is not all ASCII is scanned past the control characters.
 */
function hasHiddenCharacter(text: string): boolean {
  return CONTROL.test(text) || (!isAscii(text) && (hasIgnorable(text) || FORMAT.test(text)));
}

/**
 * `text` without the user name and password of its authority (`https://user:pass@host/x` ->
 * `https://host/x`), cut from the text as written, so a host or path in its own script stays
 * readable (a URL's serialization would spell it in punycode and percent-escapes).
 */
function withoutUserInfo(text: string): string {
  const start = text.indexOf('//') + 2;
  let end = start;
  while (end < text.length && !'/?#'.includes(text[end]!)) end++;
  const at = text.lastIndexOf('@', end - 1);
  return at >= start ? text.slice(0, start) + text.slice(at + 1) : text;
}

/**
 * Why an http(s) URL (`isHttpUrl`) would read as another address than it opens; undefined when it
 * reads as it opens, and for text that is no http(s) URL (which `isHttpUrl` refuses):
 * - a character a reader does not see (`hasHiddenCharacter`: a right-to-left override shows
 *   `/a\u202Eevil` as `/alive`);
 * - a backslash, which a browser reads as `/` (`https://evil.example\@trusted.example` opens
 *   evil.example);
 * - a user name or password before its host (`https://trusted.example@other.example/` opens
 *   other.example, and a public notice must not carry credentials).
 * A page shows such a URL and a sign prints it, so what a reader sees must be where it goes.
 */
export function misleadingUrl(text: string): { why: string; fix: string } | undefined {
  const url = httpUrl(text);
  if (!url) return undefined;
  if (hasHiddenCharacter(text))
    return {
      why: 'it holds a character a reader does not see (a control, a direction control or a zero-width one), so it would read as another address than it opens.',
      fix: 'Remove those characters, or percent-encode them (U+202E as %E2%80%AE).',
    };
  if (text.includes('\\'))
    return {
      why: "it holds a backslash, which a browser reads as '/': the address would open another place than it reads as.",
      fix: "Write '/' for a path's separator, or %5C for a backslash that is part of the address.",
    };
  if (url.username !== '' || url.password !== '')
    return {
      why: 'it carries a user name or password before its host, which a page shows and a sign prints to the public.',
      fix: `Give the address without them: "${withoutUserInfo(text)}".`,
    };
  return undefined;
}

/** `local@domain.tld`: one `@`, a dotted domain without empty labels, none of the excluded characters. */
function isEmailAddress(text: string): boolean {
  if (text.length === 0 || text.length > 254) return false;
  const at = text.indexOf('@');
  if (at <= 0 || at > 64 || text.indexOf('@', at + 1) !== -1) return false;
  if (hasHiddenCharacter(text)) return false;
  for (const ch of text) if (NOT_IN_EMAIL.has(ch) || WHITESPACE.test(ch)) return false;
  const labels = text.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every((l) => l !== '');
}

/** An email address, with or without a `mailto:` prefix; the bare address, or undefined. */
export function emailAddress(text: string): string | undefined {
  const bare = text.toLowerCase().startsWith('mailto:') ? text.slice('mailto:'.length) : text;
  return isEmailAddress(bare) ? bare : undefined;
}

/** A phone number: an optional `tel:` and `+`, then a digit and 2 to 30 digits, spaces or `( ) . -`. */
export function phoneNumber(text: string): string | undefined {
  const bare = text.toLowerCase().startsWith('tel:') ? text.slice('tel:'.length) : text;
  return /^\+?[0-9][0-9 ().-]{2,30}$/.test(bare) ? bare : undefined;
}

/** A link a page may show: http(s), or mailto with a valid address. */
export function isLinkUrl(text: string): boolean {
  return isHttpUrl(text) || (text.toLowerCase().startsWith('mailto:') && emailAddress(text) !== undefined);
}
