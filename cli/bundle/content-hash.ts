import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/core/canonical-json.js';
import type { Bundle } from '../../src/domain/bundle.js';
import { UNSTAMPED_HASH } from '../../src/domain/content.js';

/**
 * `sha256-` + hex SHA-256 of the canonical JSON (src/core/canonical-json.ts) of the bundle whose
 * `manifest.content_hash` is replaced by the unstamped sentinel. Recipe: docs/content-hash.md.
 */
export function computeContentHash(bundle: Bundle): string {
  const unstamped = { ...bundle, manifest: { ...bundle.manifest, content_hash: UNSTAMPED_HASH } };
  return `sha256-${createHash('sha256').update(canonicalJson(unstamped), 'utf8').digest('hex')}`;
}
