import type { Release } from '../release.js';
import { finding, type Finding } from './finding.js';
import { nearestIds } from '../../src/core/suggest.js';
import { activeContent, fixedColours, viewBoxProblem, wrapperProblem } from './svg-hardening.js';

/**
 * Every element's symbol exists; every symbol file is a bare, inert `<svg>`, drawn in the 36 by 36
 * box and in colours the compositor can set.
 */
export function symbolRules(release: Release): Finding[] {
  const out: Finding[] = [];
  const ids = new Set(release.symbols.map((s) => s.id));
  for (const { file, value } of release.elements) {
    if (ids.has(value.symbol_id)) continue;
    const near = nearestIds(value.symbol_id, ids);
    const suggestion = near.length > 0 ? `Did you mean: ${near.join(', ')}? Or add` : 'Add';
    out.push(
      finding(
        'symbol_not_found',
        file,
        'symbol_id',
        `No symbol "${value.symbol_id}" (symbols/${value.symbol_id}.svg does not exist).`,
        `${suggestion} symbols/${value.symbol_id}.svg to ${release.id.id}.`,
      ),
    );
  }
  for (const { file, text } of release.symbols) {
    const problem = wrapperProblem(text);
    if (problem) out.push(finding('symbol_malformed_wrapper', file, '', problem));
    for (const hit of activeContent(text)) {
      out.push(finding('symbol_active_content', file, '', `line ${hit.line}: ${hit.what}.`));
    }
    // The compositor places a symbol by its box and colours it through currentColor.
    const box = problem ? undefined : viewBoxProblem(text);
    if (box) out.push(finding('symbol_viewbox_wrong', file, '', box));
    for (const hit of fixedColours(text)) {
      out.push(finding('symbol_fixed_color', file, '', `line ${hit.line}: ${hit.what} is a fixed colour.`));
    }
  }
  return out;
}
