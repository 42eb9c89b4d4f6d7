import type { Release } from '../release.js';
import { finding, type Finding } from './finding.js';

/** Category, element and subchain ids are unique within a release. */
export function uniquenessRules(release: Release): Finding[] {
  const out: Finding[] = [];
  const firstCategory = new Map<string, string>();
  for (const { file, value } of release.categories) {
    const first = firstCategory.get(value.id);
    if (first === undefined) firstCategory.set(value.id, file);
    else out.push(finding('category_duplicate', file, 'id',
      `Category id "${value.id}" is already declared by ${first}.`,
      `Rename this category or remove ${file}; ${first} declares "${value.id}" first.`));
  }
  const firstElement = new Map<string, string>();
  for (const { file, value } of release.elements) {
    const first = firstElement.get(value.id);
    if (first === undefined) firstElement.set(value.id, file);
    else out.push(finding('element_duplicate', file, 'id',
      `Element id "${value.id}" is already declared by ${first}.`,
      `Rename this element or remove ${file}; ${first} declares "${value.id}" first.`));
  }
  if (release.datachainType) {
    const { file, value } = release.datachainType;
    const seen = new Map<string, number>();
    value.subchains.forEach((subchain, s) => {
      const first = seen.get(subchain.id);
      if (first === undefined) seen.set(subchain.id, s);
      else out.push(finding('subchain_duplicate', file, `subchains[${s}].id`,
        `Subchain id "${subchain.id}" repeats subchains[${first}].`));
    });
  }
  return out;
}
