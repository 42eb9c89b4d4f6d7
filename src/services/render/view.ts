import type { Category, Context, Element, Variable } from '../../domain/content.js';
import type { DatachainInstance, InstanceElement } from '../../domain/datachain.js';
import type { ElementProvenance } from '../../domain/provenance-instance.js';
import type { ProvenanceRef } from '../../domain/provenance.js';
import type { RenderSource } from './source.js';
import { pickLocale as localized } from '../../core/projection.js';
import { fillPlaceholders, safeHref, type TextPart } from './text.js';

export interface ContextBadge { name: string; color: string | null }
export interface ActionView { label: string; href?: string; text: string }
export interface CardView {
  key: string;
  elementId: string;
  title: TextPart[];
  description: TextPart[];
  icon: { elementId: string; context?: string };
  context?: ContextBadge;
  variables: Array<{ id: string; label: string; value: string; required: boolean }>;
  missingRequired: string[];
  actions: ActionView[];
  citations: number[];
  provenance?: ElementProvenance;
  proposed: boolean;
  subchain?: string;
  priority: number;
}
export interface SectionView { id: string; title: string; description: string; required: boolean; cards: CardView[] }
export interface SourceView { n: number; title: string; href?: string; citation?: string; type: string }
export interface DocView {
  lang: string;
  title: string;
  description: string;
  version: string;
  sections: SectionView[];
  sources: SourceView[];
  subchains: Array<{ id: string; name: string; items: string[] }>;
  /** Set when an AI system drafted the datachain. */
  drafting?: { model?: string; generated_at?: string };
}

function variableValue(variable: Variable | undefined, raw: InstanceElement['variables'][number]['value'], locale: string): string {
  if (variable?.kind === 'multi_select_enum') {
    return raw.map((id) => {
      const option = typeof id === 'string' ? variable.options.find((o) => o.id === id) : undefined;
      return option ? localized(option.name, locale) : String(typeof id === 'string' ? id : '');
    }).join(', ');
  }
  return localized(raw.filter((v): v is { locale: 'en'; value: string } => typeof v === 'object'), locale);
}

/** Numbers sources once per datachain (instance-level first), keyed by type, url, title and citation. */
class Citations {
  readonly list: SourceView[] = [];
  private readonly byKey = new Map<string, number>();
  cite(ref: ProvenanceRef): number {
    const key = [ref.type, ref.url ?? '', ref.title, ref.citation ?? ''].join('|');
    let n = this.byKey.get(key);
    if (!n) {
      n = this.list.length + 1;
      this.byKey.set(key, n);
      this.list.push({ n, title: ref.title, type: ref.type, href: ref.url ? safeHref(ref.url, 'web') : undefined, citation: ref.citation });
    }
    return n;
  }
}

function provenanceFor(dc: DatachainInstance, p: InstanceElement, placedOnce: boolean): CardView['provenance'] {
  const ap = dc.authoring_provenance;
  if (ap?.kind !== 'ai_generated') return undefined;
  const key = p.element_instance_id ?? (placedOnce ? p.element_id : undefined);
  const entries = ap.element_provenance;
  return key !== undefined && entries && Object.hasOwn(entries, key) ? entries[key] : undefined;
}

function contextBadge(ctx: Context | undefined, id: string | undefined, locale: string): ContextBadge | undefined {
  const value = id ? ctx?.values.find((v) => v.id === id) : undefined;
  return value ? { name: localized(value.name, locale) || value.id, color: value.color } : undefined;
}

function card(dc: DatachainInstance, p: InstanceElement, el: Element, cat: Category, src: RenderSource, locale: string, cites: Citations, counts: Map<string, number>): CardView {
  const declared = new Map([...el.variables, ...cat.element_variables].map((v) => [v.id, v]));
  const values = new Map<string, string>();
  for (const v of p.variables) values.set(v.id, variableValue(declared.get(v.id), v.value, locale));
  const variables = [...declared.values()].map((v) => ({ id: v.id, label: localized(v.label, locale) || v.id, value: values.get(v.id) ?? '', required: v.required }));
  return {
    key: p.element_instance_id ?? p.element_id,
    elementId: el.id,
    title: fillPlaceholders(localized(el.title, locale) || el.id, values),
    description: fillPlaceholders(localized(el.description, locale), values),
    icon: { elementId: el.id, context: p.context_type_id },
    context: contextBadge(el.context ?? cat.element_context, p.context_type_id, locale),
    variables: variables.filter((v) => v.value !== ''),
    missingRequired: variables.filter((v) => v.required && v.value === '').map((v) => v.label),
    actions: p.actions.map((a) => {
      const label = localized(a.label, locale) || a.type;
      const href = a.type === 'url' || a.type === 'form' ? safeHref(a.target, 'web') : a.type === 'email' ? safeHref(a.target, 'email') : undefined;
      return { label, href, text: a.target };
    }),
    citations: p.sources.map((s) => cites.cite(s)),
    provenance: provenanceFor(dc, p, (counts.get(p.element_id) ?? 0) === 1),
    proposed: src.suggested.has(el.id),
    subchain: p.subchain_instance_id,
    priority: p.priority,
  };
}

/** The document's content: one section per category in display order, placements sorted by priority. */
export function buildView(dc: DatachainInstance, src: RenderSource, locale: string): DocView {
  const cites = new Citations();
  for (const s of dc.sources) cites.cite(s);
  const counts = new Map<string, number>();
  for (const p of dc.elements) counts.set(p.element_id, (counts.get(p.element_id) ?? 0) + 1);
  const byCategory = new Map<string, CardView[]>();
  for (const p of dc.elements) {
    const el = src.elementById.get(p.element_id);
    const cat = el && src.categoryById.get(el.category_id);
    if (!el || !cat) continue;
    const list = byCategory.get(cat.id) ?? [];
    list.push(card(dc, p, el, cat, src, locale, cites, counts));
    byCategory.set(cat.id, list);
  }
  const sections: SectionView[] = [];
  for (const id of src.datachainType.categories) {
    const cat = src.categoryById.get(id);
    const cards = (byCategory.get(id) ?? []).map((c, i) => ({ c, i })).sort((a, b) => b.c.priority - a.c.priority || a.i - b.i).map((x) => x.c);
    if (!cat || (cards.length === 0 && !cat.required)) continue;
    sections.push({ id, title: localized(cat.name, locale) || id, description: localized(cat.description, locale), required: cat.required, cards });
  }
  const titleOf = new Map(dc.elements.map((p) => [p.element_instance_id ?? p.element_id, localized(src.elementById.get(p.element_id)?.title, locale) || p.element_id]));
  const subchains = dc.subchain_instances.map((si) => {
    const def = src.datachainType.subchains.find((s) => s.id === si.subchain_id);
    const members = dc.elements.filter((p) => p.subchain_instance_id === si.id).map((p) => titleOf.get(p.element_instance_id ?? p.element_id) ?? p.element_id);
    return { id: si.id, name: localized(def?.name, locale) || si.subchain_id, items: members };
  });
  return {
    lang: locale,
    title: localized(dc.title, locale) || 'DTPR datachain',
    description: localized(dc.description, locale),
    version: src.version,
    sections,
    sources: cites.list,
    subchains,
    drafting: dc.authoring_provenance?.kind === 'ai_generated'
      ? { model: dc.authoring_provenance.model, generated_at: dc.authoring_provenance.generated_at }
      : undefined,
  };
}
