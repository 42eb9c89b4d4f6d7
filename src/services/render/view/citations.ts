import type { ProvenanceRef } from '../../../domain/provenance.js';
import { safeHref } from './text.js';

export interface SourceView {
  n: number;
  title: string;
  href?: string;
  citation?: string;
  type: ProvenanceRef['type'];
}

/** Numbers sources once per datachain (cite the instance-level ones first), keyed by type, url, title and citation. */
export class Citations {
  readonly list: SourceView[] = [];
  private readonly byKey = new Map<string, number>();

  cite(ref: ProvenanceRef): number {
    const key = [ref.type, ref.url ?? '', ref.title, ref.citation ?? ''].join('|');
    let n = this.byKey.get(key);
    if (!n) {
      n = this.list.length + 1;
      this.byKey.set(key, n);
      this.list.push({
        n,
        title: ref.title,
        type: ref.type,
        href: ref.url ? safeHref(ref.url, 'web') : undefined,
        citation: ref.citation,
      });
    }
    return n;
  }
}
