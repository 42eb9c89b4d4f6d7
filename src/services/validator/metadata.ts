import { finding, type Finding } from './finding.js';
import type { RuleInput } from './input.js';

/** Top-level fields: the pinned version and the timestamps. */
export function metadataRules({ datachain, version }: RuleInput): Finding[] {
  const out: Finding[] = [];
  const pinned = datachain.schema_version;
  if (pinned !== undefined && pinned !== version) {
    out.push(finding(
      'schema_version_mismatch',
      'schema_version',
      `The datachain pins schema_version '${pinned}' but is checked against '${version}'.`,
      `Set schema_version to "${version}" (or omit it), or call the tool with version "${pinned}".`,
    ));
  }
  const { created_at, updated_at } = datachain;
  if (created_at !== undefined && updated_at !== undefined && Date.parse(updated_at) < Date.parse(created_at)) {
    out.push(finding(
      'updated_before_created',
      'updated_at',
      `updated_at (${updated_at}) is earlier than created_at (${created_at}).`,
      'Set updated_at to a time at or after created_at, or correct created_at.',
    ));
  }
  return out;
}
