/**
 * The words a client is given when the catalogue cannot serve a release as its sources list it.
 * Each names the releases involved and what is served instead; none tells the client to retry (the
 * store reads the release again by itself after its back-off).
 */

export const skippedAlias = (alias: string, served: string, skipped: string): string =>
  `${alias} names ${served} here: ${skipped}, the release it names elsewhere, cannot be read now.`;

export const substitutedCopy = (id: string, listed: string, served: string): string =>
  `The release bucket's copy of ${id} (${listed}) cannot be read now; the copy embedded in this deployment (${served}) is served.`;

export const indexUnread = (): string =>
  "The release bucket's index cannot be read now: only the releases embedded in this deployment are listed, " +
  'so an alias may name an older release than the newest published one, and a release only the bucket holds ' +
  'answers upstream_error until the index is read again (a few seconds).';
