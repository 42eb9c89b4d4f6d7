import type { Category, Context, Element, Variable } from '../../../domain/content.js';
import type { DatachainInstance, InstanceElement } from '../../../domain/datachain.js';
import type { ElementProvenance } from '../../../domain/provenance-instance.js';
import type { Citations } from './citations.js';
import type { LocalText, Localizer } from '../shared/localize.js';
import type { RenderSource } from './source.js';
import { fillPlaceholders, placeholderIds, safeHref, type LinkKind, type TextPart } from './text.js';
import { ownThenInherited } from '../../../domain/variables.js';

/** The variable whose value names the party or group a card is about; it heads the card. */
const NAME_VARIABLE = 'title';
/** Categories whose named cards take no element-title tag: "Institution" beside a named body says nothing. */
const UNTAGGED_NAMES: ReadonlySet<string> = new Set(['accountable']);
/** Variables holding the author's prose (a card's only one is shown as its text, unlabelled). */
const AUTHOR_PROSE: ReadonlySet<string> = new Set([
  'additional_description',
  'description',
  'rights',
  'risk',
  'mitigation',
]);
/**
 * A fixed label (a key of the page's labels) for a variable of a category that lacks another: a
 * risk category without a `risk` text (ai@2026-05-06-beta) has authors write the risk and what is
 * done into `mitigation`, so its label says both.
 */
const LABEL_WITHOUT: Record<string, { variable: string; without: string; label: string }> = {
  risks_mitigation: { variable: 'mitigation', without: 'risk', label: 'riskAndDone' },
};

export interface ContextBadge {
  id: string;
  group: string;
  name: LocalText;
  color: string | null;
}
export interface ActionView {
  type: InstanceElement['actions'][number]['type'];
  label: LocalText;
  href?: string;
  text: string;
  /** Where the action is in the datachain (`elements[3].actions[1]`). */
  path: string;
}
export interface FieldView {
  id: string;
  label: LocalText;
  /** A key of the page's labels that replaces `label`. */
  labelKey?: string;
  value: LocalText;
  /** The author's prose: when it is the card's only field, the page shows it as the card's text, with no label. */
  prose?: boolean;
}
export interface CardView {
  /** Anchor key: the placement's element_instance_id, else its element_id. */
  key: string;
  /** Where the placement is in the datachain (`elements[3]`). */
  path: string;
  elementId: string;
  categoryId: string;
  /** The name value when the element carries one, else the element title with placeholders filled. */
  heading: TextPart[];
  /** The element title, shown as a tag when the heading is a name. */
  kind?: TextPart[];
  /** The element's generic description, placeholders filled. */
  description: TextPart[];
  icon: { elementId: string; context?: string };
  context?: ContextBadge;
  /** Set variables not already shown in the heading, the title or the description, in declaration order. */
  fields: FieldView[];
  /** The label of every declared variable, by id (provenance names variables by their label). */
  labels: ReadonlyMap<string, LocalText>;
  /** Every set variable value, by id (summaries and the at-a-glance block read them). */
  values: ReadonlyMap<string, LocalText>;
  missingRequired: LocalText[];
  actions: ActionView[];
  citations: number[];
  provenance?: ElementProvenance;
  proposed: boolean;
  subchain?: string;
  priority: number;
}

const LINK_KIND: Partial<Record<ActionView['type'], LinkKind>> = {
  url: 'web',
  form: 'web',
  email: 'email',
  phone: 'phone',
};

/** Everything `buildCard` reads besides the placement itself. */
export interface CardInput {
  dc: DatachainInstance;
  src: RenderSource;
  loc: Localizer;
  cites: Citations;
  /** Placements per element id, to key provenance by element_id only when it is placed once. */
  counts: ReadonlyMap<string, number>;
}

function variableValue(
  variable: Variable | undefined,
  raw: InstanceElement['variables'][number]['value'],
  loc: Localizer,
  path: string,
  subject: string,
): LocalText {
  if (variable?.kind === 'multi_select_enum') {
    const names = raw.map((id) => {
      const option = typeof id === 'string' ? variable.options.find((o) => o.id === id) : undefined;
      return option
        ? loc.pick(option.name, {
            path,
            subject: `option "${option.id}" of ${subject}`,
            authored: false,
            key: `option:${variable.id}:${option.id}`,
          })
        : { text: typeof id === 'string' ? id : '' };
    });
    const lang = names.find((n) => n.lang)?.lang;
    return { text: names.map((n) => n.text).join(', '), ...(lang ? { lang } : {}) };
  }
  return loc.pick(
    raw.filter((v): v is { locale: string; value: string } => typeof v === 'object'),
    { path, subject, authored: true },
  );
}

function provenanceFor(dc: DatachainInstance, p: InstanceElement, placedOnce: boolean): ElementProvenance | undefined {
  const ap = dc.authoring_provenance;
  if (ap?.kind !== 'ai_generated') return undefined;
  const key = p.element_instance_id ?? (placedOnce ? p.element_id : undefined);
  const entries = ap.element_provenance;
  return key !== undefined && entries && Object.hasOwn(entries, key) ? entries[key] : undefined;
}

function contextBadge(
  ctx: Context | undefined,
  id: string | undefined,
  loc: Localizer,
  path: string,
): ContextBadge | undefined {
  const value = id ? ctx?.values.find((v) => v.id === id) : undefined;
  if (!ctx || !value) return undefined;
  const name = loc.pick(value.name, {
    path,
    subject: `the name of context value "${value.id}"`,
    authored: false,
    key: `context:${ctx.id}:${value.id}`,
  });
  return { id: value.id, group: ctx.id, name: name.text ? name : { text: value.id }, color: value.color };
}

/** Marks the author's prose fields, and gives a field its fixed label where LABEL_WITHOUT says. */
function fieldsOf(fields: FieldView[], categoryId: string, declared: ReadonlyMap<string, Variable>): FieldView[] {
  const relabel = LABEL_WITHOUT[categoryId];
  return fields.map((f) => ({
    ...f,
    ...(AUTHOR_PROSE.has(f.id) ? { prose: true } : {}),
    ...(relabel && f.id === relabel.variable && !declared.has(relabel.without) ? { labelKey: relabel.label } : {}),
  }));
}

/** One placement as a card: names first, each value once, schema text kept apart from the author's. */
export function buildCard(p: InstanceElement, i: number, el: Element, cat: Category, input: CardInput): CardView {
  const { dc, src, loc, cites, counts } = input;
  const at = `elements[${i}]`;
  const schemaText = (what: string, key: string) => ({
    path: `${at}.element_id`,
    subject: `${what} of element "${el.id}"`,
    authored: false,
    key,
  });
  const declared = new Map(ownThenInherited(el.variables, cat.element_variables).map((v) => [v.id, v]));
  const values = new Map<string, LocalText>();
  p.variables.forEach((v, j) => {
    const value = variableValue(
      declared.get(v.id),
      v.value,
      loc,
      `${at}.variables[${j}].value`,
      `variable "${v.id}" of ${at} (${el.id})`,
    );
    if (value.text !== '') values.set(v.id, value);
  });
  const title = loc.pick(el.title, schemaText('the title', `title:${el.id}`));
  const description = loc.pick(el.description, schemaText('the description', `description:${el.id}`));
  const name = declared.has(NAME_VARIABLE) ? values.get(NAME_VARIABLE) : undefined;
  const titleParts = fillPlaceholders(title.text ? title : { text: el.id }, values);
  const shown = new Set([
    ...placeholderIds(title.text),
    ...placeholderIds(description.text),
    ...(name ? [NAME_VARIABLE] : []),
  ]);
  const label = (v: Variable) => {
    const l = loc.pick(v.label, {
      path: `${at}.element_id`,
      subject: `the label of variable "${v.id}"`,
      authored: false,
      key: `label:${v.id}`,
    });
    return l.text ? l : { text: v.id };
  };
  const ctxDef = el.context ?? cat.element_context;
  return {
    key: p.element_instance_id ?? p.element_id,
    path: at,
    elementId: el.id,
    categoryId: cat.id,
    heading: name
      ? [{ variable: NAME_VARIABLE, value: name.text, ...(name.lang ? { lang: name.lang } : {}) }]
      : titleParts,
    kind: name && !UNTAGGED_NAMES.has(cat.id) ? titleParts : undefined,
    description: fillPlaceholders(description, values),
    icon: { elementId: el.id, context: p.context_type_id },
    context: contextBadge(ctxDef, p.context_type_id, loc, `${at}.context_type_id`),
    fields: fieldsOf(
      [...declared.values()]
        .filter((v) => values.has(v.id) && !shown.has(v.id))
        .map((v) => ({ id: v.id, label: label(v), value: values.get(v.id)! })),
      cat.id,
      declared,
    ),
    labels: new Map([...declared.values()].map((v) => [v.id, label(v)])),
    values,
    missingRequired: [...declared.values()].filter((v) => v.required && !values.has(v.id)).map(label),
    actions: p.actions.map((a, k) => {
      const kind = LINK_KIND[a.type];
      const text = loc.pick(a.label, {
        path: `${at}.actions[${k}].label`,
        subject: `the label of action ${k} of ${at} (${el.id})`,
        authored: true,
      });
      return {
        type: a.type,
        label: text.text ? text : { text: a.type },
        href: kind ? safeHref(a.target, kind) : undefined,
        text: a.target,
        path: `${at}.actions[${k}]`,
      };
    }),
    citations: p.sources.map((s) => cites.cite(s)),
    provenance: provenanceFor(dc, p, (counts.get(p.element_id) ?? 0) === 1),
    proposed: src.suggested.has(el.id),
    subchain: p.subchain_instance_id,
    priority: p.priority,
  };
}
