import { finding, type Finding } from './finding.js';
import type { RuleInput } from './input.js';

/** Fields this server lets a datachain leave out but the upstream DTPR validator requires, with what to write. */
const UPSTREAM_REQUIRED = {
  id: 'an id of your choice, e.g. "city-parking-cameras"',
  created_at: 'the creation time in ISO 8601 UTC, e.g. "2026-09-01T10:00:00Z"',
  schema_version: 'the version you validate against',
} as const;

/** Top-level fields: the pinned version, the timestamps, and what other validators require. */
export function metadataRules({ datachain, version, isServed, form }: RuleInput): Finding[] {
  const out: Finding[] = [];
  for (const [field, what] of Object.entries(UPSTREAM_REQUIRED) as Array<[keyof typeof UPSTREAM_REQUIRED, string]>) {
    if (datachain[field] !== undefined) continue;
    out.push(
      finding(
        'interop_field_missing',
        field,
        `'${field}' is missing: this server accepts that, but the upstream DTPR validator requires it.`,
        `Add '${field}': ${field === 'schema_version' ? `"${version}"` : what}.`,
      ),
    );
  }
  const pinned = datachain.schema_version;
  // A resolved datachain pinned to a version not served here is checked from its own snapshot.
  const selfContained = form === 'resolved' && pinned !== undefined && !isServed(pinned);
  if (pinned !== undefined && pinned !== version && !selfContained) {
    out.push(
      finding(
        'schema_version_mismatch',
        'schema_version',
        `The datachain pins schema_version '${pinned}' but is checked against '${version}'.`,
        `Set schema_version to "${version}" (or omit it)${isServed(pinned) ? `, or call the tool with version "${pinned}"` : `; '${pinned}' is not served here`}.`,
      ),
    );
  }
  const { created_at, updated_at } = datachain;
  if (created_at !== undefined && updated_at !== undefined && Date.parse(updated_at) < Date.parse(created_at)) {
    out.push(
      finding(
        'updated_before_created',
        'updated_at',
        `updated_at (${updated_at}) is earlier than created_at (${created_at}).`,
        'Set updated_at to a time at or after created_at, or correct created_at.',
      ),
    );
  }
  return out;
}
