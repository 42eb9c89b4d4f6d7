import { isBlank } from '../../core/strings.js';
import type { Category, Element } from '../../domain/content.js';
import type { DatachainInstance, InstanceElement } from '../../domain/datachain.js';
import type { Release } from '../../store/release.js';
import { labelsFor } from '../render/shared/labels.js';
import type { LocalText } from '../render/shared/localize.js';
import { fillPlaceholders, placeholderIds } from '../render/view/text.js';

/** The schema content an export reads: a served release's elements, or a resolved datachain's snapshot. */
export interface ExportSource {
  readonly version: string;
  /** Locales the version's texts (and so the datachain's variable values) may be written in. */
  readonly locales: readonly string[];
  readonly categoryById: ReadonlyMap<string, Category>;
  readonly elementById: ReadonlyMap<string, Element>;
}

/** The source of a served release. */
export function releaseExportSource(release: Release): ExportSource {
  return {
    version: release.id,
    locales: release.locales,
    categoryById: release.categoryById,
    elementById: release.elementById,
  };
}

/** One placement of the datachain with its element and where it sits. */
export interface Placed {
  readonly placement: InstanceElement;
  readonly element: Element;
  readonly categoryId: string;
  /** JSON path of the placement, e.g. `elements[3]`. */
  readonly path: string;
}

type Localized = ReadonlyArray<{ locale: string; value: string }>;

/** A text in one locale, or why there is none: no text at all, or none in that locale. */
export type Picked = { text: string } | { missing: 'absent' | 'locale'; path: string };

/** The datachain as an export reads it: placements by category, texts in one locale. */
export class ExportReader {
  readonly placed: readonly Placed[];

  constructor(
    readonly datachain: DatachainInstance,
    readonly source: ExportSource,
    /** The locale texts are taken in; no other locale stands in for it. */
    readonly locale: string,
  ) {
    this.placed = datachain.elements.flatMap((placement, i) => {
      const element = source.elementById.get(placement.element_id);
      return element ? [{ placement, element, categoryId: element.category_id, path: `elements[${i}]` }] : [];
    });
  }

  /** The categories `in` was asked for while `readingCategories` runs. */
  private asked: Set<string> | undefined;

  /** Placements of one category, in datachain order (priority first). */
  in(categoryId: string): Placed[] {
    this.asked?.add(categoryId);
    return this.placed
      .filter((p) => p.categoryId === categoryId)
      .sort((a, b) => b.placement.priority - a.placement.priority);
  }

  /** Whether the datachain's version has a category (e.g. `action` only from ai@2026-08-24-beta on). */
  hasCategory(categoryId: string): boolean {
    return this.source.categoryById.has(categoryId);
  }

  /** Runs `read`; answers its result and the categories it asked `in` for, in the order asked. */
  readingCategories<T>(read: () => T): { result: T; asked: string[] } {
    const asked = new Set<string>();
    this.asked = asked;
    try {
      return { result: read(), asked: [...asked] };
    } finally {
      this.asked = undefined;
    }
  }

  /** A localized value in the export's locale. */
  pick(values: Localized | undefined, path: string): Picked {
    if (!values || values.length === 0) return { missing: 'absent', path };
    const found = values.find((v) => v.locale === this.locale);
    return found && !isBlank(found.value) ? { text: found.value.trim() } : { missing: 'locale', path };
  }

  /** A text variable of a placement, in the export's locale. */
  variable(p: Placed, id: string): Picked {
    const index = p.placement.variables.findIndex((v) => v.id === id);
    const path = `${p.path}.variables${index >= 0 ? `[${index}]` : ''}`;
    if (index < 0) return { missing: 'absent', path };
    const value = p.placement.variables[index]!.value.filter(
      (v): v is { locale: string; value: string } => typeof v === 'object',
    );
    return this.pick(value, path);
  }

  /**
   * The element's own title in the export's locale (schema text), its `{{variable}}` placeholders
   * ("Kept for {{duration}}") filled from the placement as on the page (`valueText`): a value not in
   * the export's locale leaves the title untranslated; a placeholder whose variable is not given is
   * left out, with one space beside it.
   */
  elementTitle(p: Placed): Picked {
    const title = this.pick(p.element.title, `${p.path} (title of element '${p.element.id}')`);
    if (!isText(title) || !title.text.includes('{{')) return title;
    const values = new Map<string, LocalText>();
    for (const id of placeholderIds(title.text)) {
      const value = this.valueText(p, id);
      if (isText(value)) values.set(id, { text: value.text });
      else if (value.missing === 'locale') return value;
    }
    let out = '';
    let dropSpace = false;
    for (const part of fillPlaceholders({ text: title.text }, values)) {
      if ('missing' in part) {
        if (out.endsWith(' ')) out = out.slice(0, -1);
        else dropSpace = true;
        continue;
      }
      const text = 'value' in part ? part.value : part.text;
      out += dropSpace && text.startsWith(' ') ? text.slice(1) : text;
      dropSpace = false;
    }
    return { text: out.trim() };
  }

  /**
   * A variable of a placement as text in the export's locale: a text variable's text, or the names
   * of a multi-select's options, joined (an option id the variable does not define, as written).
   */
  valueText(p: Placed, id: string): Picked {
    const declared =
      p.element.variables.find((v) => v.id === id) ??
      this.source.categoryById.get(p.categoryId)?.element_variables.find((v) => v.id === id);
    if (declared?.kind !== 'multi_select_enum') return this.variable(p, id);
    const index = p.placement.variables.findIndex((v) => v.id === id);
    const path = `${p.path}.variables${index >= 0 ? `[${index}]` : ''}`;
    const ids = index < 0 ? [] : p.placement.variables[index]!.value.filter((v): v is string => typeof v === 'string');
    if (ids.length === 0) return { missing: 'absent', path };
    const names: string[] = [];
    for (const option of ids) {
      const defined = declared.options.find((o) => o.id === option);
      const name = defined ? this.pick(defined.name, `${path} (option '${option}')`) : { text: option };
      if (!isText(name)) return name;
      names.push(name.text);
    }
    return { text: names.join(', ') };
  }

  /** Whether the element's title in the export's locale shows a variable in a placeholder (its value is then in the title). */
  titleShows(p: Placed, variable: string): boolean {
    const title = this.pick(p.element.title, p.path);
    return isText(title) && placeholderIds(title.text).has(variable);
  }

  /** The label of a variable of a category (e.g. "What is done" for a risk's `mitigation`), in the export's locale. */
  variableLabel(categoryId: string, variable: string): string | undefined {
    const label = this.source.categoryById.get(categoryId)?.element_variables.find((v) => v.id === variable)?.label;
    const picked = this.pick(label, variable);
    return isText(picked) ? picked.text : undefined;
  }

  /** What follows a label in the export's locale (":", " :" in French, "：" in Chinese). */
  get colon(): string {
    return labelsFor(this.locale).colon;
  }

  /** The name of the placement's context value (e.g. "Deployer"), in the export's locale. */
  contextName(p: Placed): Picked | undefined {
    const id = p.placement.context_type_id;
    if (!id) return undefined;
    const context = p.element.context ?? this.source.categoryById.get(p.categoryId)?.element_context;
    const value = context?.values.find((v) => v.id === id);
    return value ? this.pick(value.name, `${p.path}.context_type_id ('${id}')`) : undefined;
  }

  /** The accountable placements with a role (context `deployer` or `vendor`). */
  accountable(role: 'deployer' | 'vendor'): Placed[] {
    return this.in('accountable').filter((p) => p.placement.context_type_id === role);
  }
}

export const isText = (p: Picked): p is { text: string } => 'text' in p;
