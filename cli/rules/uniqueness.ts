import type { Release } from '../release.js';
import { finding, type Finding } from './finding.js';

/** Category, element and subchain ids are unique within a release. */
export function uniquenessRules(release: Release): Finding[] {
  const out: Finding[] = [];
  for (const [code, kind, files] of [
    ['category_duplicate', 'category', release.categories],
    ['element_duplicate', 'element', release.elements],
  ] as const) {
    const first = new Map<string, string>();
    for (const { file, value } of files) {
      const earlier = first.get(value.id);
      if (earlier === undefined) first.set(value.id, file);
      else
        out.push(
          finding(
            code,
            file,
            'id',
            `${kind === 'category' ? 'Category' : 'Element'} id "${value.id}" is already declared by ${earlier}.`,
            `Rename this ${kind} or remove ${file}; ${earlier} declares "${value.id}" first.`,
          ),
        );
    }
  }
  if (release.datachainType) {
    const { file, value } = release.datachainType;
    const seen = new Map<string, number>();
    value.subchains.forEach((subchain, s) => {
      const first = seen.get(subchain.id);
      if (first === undefined) seen.set(subchain.id, s);
      else
        out.push(
          finding(
            'subchain_duplicate',
            file,
            `subchains[${s}].id`,
            `Subchain id "${subchain.id}" repeats subchains[${first}].`,
          ),
        );
    });
  }
  return out;
}
