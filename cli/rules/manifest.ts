import type { Release } from '../release.js';
import { finding, type Finding } from './finding.js';

/** The manifest agrees with the release directory and with the datachain type. */
export function manifestRules(release: Release): Finding[] {
  const out: Finding[] = [];
  const { manifest, datachainType, id } = release;
  if (manifest) {
    const { file, value } = manifest;
    if (value.version !== id.id) {
      out.push(
        finding(
          'manifest_version_mismatch',
          file,
          'version',
          `version is "${value.version}" but this release is ${id.id}.`,
          `Set version: ${id.id}`,
        ),
      );
    }
    const expected = id.beta ? 'beta' : 'stable';
    if (value.status !== expected) {
      out.push(
        finding(
          'manifest_status_mismatch',
          file,
          'status',
          `status is "${value.status}" but ${id.dir} ${id.beta ? 'ends' : 'does not end'} in -beta.`,
          `Set status: ${expected}`,
        ),
      );
    }
  }
  if (datachainType) {
    const { file, value } = datachainType;
    if (value.id !== id.type) {
      out.push(
        finding(
          'datachain_type_id_mismatch',
          file,
          'id',
          `The datachain type id is "${value.id}" but the release type is "${id.type}".`,
        ),
      );
    }
    if (manifest) {
      const norm = (list: readonly string[]): string => [...new Set(list)].sort().join(', ');
      const a = norm(manifest.value.locales);
      const b = norm(value.locales);
      if (a !== b) {
        out.push(finding('locales_mismatch', file, 'locales', `locales [${b}] differ from meta.yaml locales [${a}].`));
      }
    }
  }
  return out;
}
