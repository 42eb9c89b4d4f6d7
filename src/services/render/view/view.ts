import type { Deadline } from '../../../core/deadline.js';
import type { DatachainInstance } from '../../../domain/datachain.js';
import { buildCard, type CardView } from './card.js';
import { Citations, type SourceView } from './citations.js';
import { mergeDurations } from './durations.js';
import { buildGlance, type GlanceView } from './glance.js';
import type { Localizer, LocalText } from '../shared/localize.js';
import type { RenderSource } from './source.js';
import type { TextPart } from './text.js';

export interface SectionView {
  id: string;
  title: LocalText;
  description: LocalText;
  required: boolean;
  cards: CardView[];
}
export interface FlowView {
  id: string;
  name: LocalText;
  items: Array<{ key: string; text: TextPart[] }>;
}
/** Author metadata, shown in the page's "About this disclosure" footer. */
export interface AboutView {
  version: string;
  /** Where the author publishes the disclosure (the render's `link`), shown as "published at". */
  link?: string;
  id?: string;
  createdAt?: string;
  updatedAt?: string;
  /** Set when an AI system drafted the datachain. */
  drafting?: { model?: string; generatedAt?: string };
}
export interface DocView {
  lang: string;
  /** The datachain type id of the release (`ai`, `dtpr`): it picks the fixed wording. */
  datachainType: string;
  title: LocalText;
  description: LocalText;
  glance?: GlanceView;
  sections: SectionView[];
  flows: FlowView[];
  sources: SourceView[];
  about: AboutView;
  /** True when some text is shown in another locale than `lang`. */
  fallback: boolean;
  /** True when no fluent speaker's review of the release's `lang` wording is on record (set by the render, from the translation status). */
  unchecked?: boolean;
  /**
   * The language of the author's single-language texts (source titles, provenance), taken as the
   * locale the datachain title is first written in; set only when it differs from `lang`.
   */
  plainLang?: string;
}

/** The content of a render: sections in the type's category order, placements by priority, and what sits around them. */
export function buildView(dc: DatachainInstance, src: RenderSource, loc: Localizer, deadline?: Deadline): DocView {
  const title = loc.pick(dc.title, { path: 'title', subject: 'the datachain title', authored: true });
  const description = loc.pick(dc.description, {
    path: 'description',
    subject: 'the datachain description',
    authored: true,
  });
  const cites = new Citations();
  for (const s of dc.sources) cites.cite(s);
  const counts = new Map<string, number>();
  for (const p of dc.elements) counts.set(p.element_id, (counts.get(p.element_id) ?? 0) + 1);
  const byCategory = new Map<string, CardView[]>();
  const firstPlacement = new Map<string, number>();
  dc.elements.forEach((p, i) => {
    deadline?.check();
    const el = src.elementById.get(p.element_id);
    const cat = el && src.categoryById.get(el.category_id);
    if (!el || !cat) return;
    if (!firstPlacement.has(cat.id)) firstPlacement.set(cat.id, i);
    const list = byCategory.get(cat.id) ?? [];
    list.push(buildCard(p, i, el, cat, { dc, src, loc, cites, counts }));
    byCategory.set(cat.id, list);
  });
  const sections: SectionView[] = [];
  for (const id of src.datachainType.categories) {
    const cat = src.categoryById.get(id);
    const cards = (byCategory.get(id) ?? [])
      .map((c, i) => ({ c, i }))
      .sort((a, b) => b.c.priority - a.c.priority || a.i - b.i)
      .map((x) => x.c);
    if (!cat || (cards.length === 0 && !cat.required)) continue;
    const i = firstPlacement.get(id);
    const origin = (what: string) => ({
      path: i === undefined ? 'elements' : `elements[${i}].element_id`,
      subject: `${what} of category "${id}"`,
      authored: false,
      key: `${what}:${id}`,
    });
    const title = loc.pick(cat.name, origin('the name'));
    sections.push({
      id,
      title: title.text ? title : { text: id },
      description: loc.pick(cat.description, origin('the description')),
      required: cat.required,
      cards,
    });
  }
  mergeDurations(sections);
  const cardByKey = new Map(sections.flatMap((s) => s.cards.map((c) => [c.key, c] as const)));
  const flows = dc.subchain_instances.map((si) => {
    const def = src.datachainType.subchains.find((s) => s.id === si.subchain_id);
    const items = dc.elements
      .filter((p) => p.subchain_instance_id === si.id)
      .map((p) => {
        const key = p.element_instance_id ?? p.element_id;
        const card = cardByKey.get(key);
        return { key, text: card ? card.heading : [{ text: p.element_id }] };
      });
    const name = loc.pick(def?.name, {
      path: 'subchain_instances',
      subject: `the name of subchain "${si.subchain_id}"`,
      authored: false,
      key: `subchain:${si.subchain_id}`,
    });
    return { id: si.id, name: name.text ? name : { text: si.subchain_id }, items };
  });
  const ap = dc.authoring_provenance;
  return {
    lang: loc.locale,
    datachainType: src.datachainType.id,
    title,
    description,
    glance: buildGlance(sections, src.datachainType.categories, loc.locale),
    sections,
    flows,
    sources: cites.list,
    about: {
      version: src.version,
      id: dc.id,
      createdAt: dc.created_at,
      updatedAt: dc.updated_at,
      drafting: ap?.kind === 'ai_generated' ? { model: ap.model, generatedAt: ap.generated_at } : undefined,
    },
    fallback: loc.fallbacks.length > 0,
    ...(dc.title[0] && dc.title[0].locale !== loc.locale ? { plainLang: dc.title[0].locale } : {}),
  };
}
