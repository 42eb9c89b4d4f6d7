import { emailAddress, isHttpUrl, phoneNumber } from '../../core/addresses.js';
import { type ExportReader, isText, type Picked } from './read.js';

/**
 * What a datachain answers for one target field: a value with the paths it was read from, or why
 * there is none (`absent`; `unheld` when the datachain's version has none of the categories the
 * fact reads, so only an option can fill it), or texts not written in the export's locale.
 */
export type FactResult =
  | { value: unknown; from: string[] }
  | { absent: string; unheld?: true }
  | { untranslated: string[] };

/** A fact a datachain can hold, read the same way for every target. */
export interface Fact {
  /** Where the value comes from, in the words of the DTPR schema (for coverage and the docs). */
  readonly where: string;
  /** What the author adds to the datachain so the fact is there. */
  readonly fill: string;
  /** The table from element id to register value, when the fact picks values by element (for the docs). */
  readonly table?: Readonly<Record<string, string>>;
  read(r: ExportReader): FactResult;
}

/** Collects the lines of a composed text and the texts missing in the export's locale. */
class Lines {
  readonly lines: string[] = [];
  readonly from: string[] = [];
  readonly untranslated: string[] = [];

  /** One line from its pieces: pieces absent are left out; a piece not in the locale drops the line. */
  add(path: string, pieces: readonly (Picked | undefined)[], format: (texts: string[]) => string): void {
    const missing = pieces.flatMap((p) => (p && 'missing' in p && p.missing === 'locale' ? [p.path] : []));
    if (missing.length > 0) {
      this.untranslated.push(...missing);
      return;
    }
    const texts = pieces.map((p) => (p && isText(p) ? p.text : ''));
    if (texts.every((t) => t === '')) return;
    this.lines.push(format(texts));
    this.from.push(path);
  }

  result(absent: string, join = '\n'): FactResult {
    if (this.untranslated.length > 0) return { untranslated: this.untranslated };
    if (this.lines.length === 0) return { absent };
    return { value: this.lines.join(join), from: this.from };
  }
}

/** `Title (context): description` with the export locale's colon, leaving out the parts that are empty. */
const line =
  (r: ExportReader) =>
  ([title, context, text]: string[]) =>
    `${title}${context ? ` (${context})` : ''}${text ? `${r.colon} ${text}` : ''}`;

/** One line per placement of the categories: element title, context value name, description variable. */
function describe(categories: readonly string[], variable = 'additional_description'): Fact['read'] {
  return (r) => {
    const out = new Lines();
    const placed = categories.flatMap((c) => r.in(c));
    for (const p of placed) out.add(p.path, [r.elementTitle(p), r.contextName(p), r.variable(p, variable)], line(r));
    return out.result(`the datachain places no element of ${categoryWords(categories)}`);
  };
}

const categoryWords = (ids: readonly string[]) =>
  ids.length === 1 ? `category '${ids[0]}'` : `the categories ${ids.map((c) => `'${c}'`).join(', ')}`;

/**
 * What a fact reads from the datachain `r`. A fact that finds nothing, and asked only for categories
 * the datachain's version does not have (e.g. `collection` before ai@2026-08-24-beta), is `unheld`:
 * only an option can fill it. Every fact gets this through here, whichever way it reads categories.
 */
export function readFact(fact: Fact, r: ExportReader): FactResult {
  const { result, asked } = r.readingCategories(() => fact.read(r));
  if (!('absent' in result) || asked.length === 0 || asked.some((c) => r.hasCategory(c))) return result;
  return { absent: `version ${r.source.version} has no ${categoryWords(asked)}`, unheld: true };
}

/** The element titles of the placements of the categories, one per line. */
function titles(categories: readonly string[]): Fact['read'] {
  return (r) => {
    const out = new Lines();
    for (const p of categories.flatMap((c) => r.in(c))) out.add(p.path, [r.elementTitle(p)], ([t]) => t!);
    return out.result(`the datachain places no element of ${categoryWords(categories)}`, '; ');
  };
}

/** A text variable of the accountable party with a role. */
function party(role: 'deployer' | 'vendor', variable: 'title' | 'description'): Fact['read'] {
  return (r) => {
    const p = r.accountable(role)[0];
    if (!p) return { absent: `no accountable element has the context '${role}'` };
    const picked = r.variable(p, variable);
    if (isText(picked)) return { value: picked.text, from: [`${p.path}.variables`] };
    return picked.missing === 'locale' ? { untranslated: [picked.path] } : { absent: `${p.path} has no '${variable}'` };
  };
}

/**
 * The target of the first well-formed action of a type on the deployer, else on an accountable
 * party placed with no role. Never the vendor's: a register's contact is the public body's, and a
 * vendor's sales address or product page in its place would send the public to the wrong door.
 */
function contact(type: 'email' | 'url' | 'phone'): Fact['read'] {
  const check =
    type === 'email' ? emailAddress : type === 'phone' ? phoneNumber : (t: string) => (isHttpUrl(t) ? t : undefined);
  return (r) => {
    const parties = [
      ...r.accountable('deployer'),
      ...r.in('accountable').filter((p) => p.placement.context_type_id === undefined),
    ];
    for (const p of parties) {
      const i = p.placement.actions.findIndex((a) => a.type === type);
      if (i < 0) continue;
      const value = check(p.placement.actions[i]!.target.trim());
      if (value) return { value, from: [`${p.path}.actions[${i}]`] };
    }
    return {
      absent: `neither the deployer nor an accountable element without a role has a well-formed '${type}' action`,
    };
  };
}

/** A localized text of the datachain itself (title, description). */
function own(key: 'title' | 'description'): Fact['read'] {
  return (r) => {
    const picked = r.pick(r.datachain[key], key);
    if (isText(picked)) return { value: picked.text, from: [key] };
    return picked.missing === 'locale' ? { untranslated: [key] } : { absent: `the datachain has no ${key}` };
  };
}

/** Each risk with its mitigation, one per line. */
const risks: Fact['read'] = (r) => {
  const out = new Lines();
  const done = r.variableLabel('risks_mitigation', 'mitigation') ?? 'Mitigation';
  for (const p of r.in('risks_mitigation')) {
    out.add(p.path, [r.elementTitle(p), r.variable(p, 'risk'), r.variable(p, 'mitigation')], ([t, risk, m]) =>
      [`${t}${risk ? `${r.colon} ${risk}` : ''}`, m ? `${done}${r.colon} ${m}` : ''].filter(Boolean).join(' '),
    );
  }
  return out.result("the datachain places no element of category 'risks_mitigation'");
};

/**
 * One variable of every risk placement, one per line, after the risk's title: a register that
 * keeps risks, their texts and their mitigations in fields of their own (UK ATRS) still pairs each
 * text with its risk when one risk has a mitigation and another has none.
 */
function riskPart(variable: 'risk' | 'mitigation'): Fact['read'] {
  return (r) => {
    const out = new Lines();
    for (const p of r.in('risks_mitigation')) {
      const text = r.variable(p, variable);
      if ('missing' in text && text.missing === 'absent') continue;
      out.add(p.path, [r.elementTitle(p), text], ([title, t]) => `${title}${r.colon} ${t}`);
    }
    return out.result(`no risk placement has a '${variable}' text`);
  };
}

/** The rights that tell a person how to object to or have an outcome reviewed. */
const OBJECTION_RIGHTS = ['right_object', 'right_contest', 'right_to_human_review', 'right_correction'];
const objection: Fact['read'] = (r) => {
  const out = new Lines();
  for (const p of r.in('rights').filter((q) => OBJECTION_RIGHTS.includes(q.element.id)))
    out.add(p.path, [r.elementTitle(p), undefined, r.variable(p, 'rights')], line(r));
  return out.result(`no rights element of ${OBJECTION_RIGHTS.join(', ')} is placed`);
};

/** Retention and storage: the element title with its duration. */
const keeping: Fact['read'] = (r) => {
  const out = new Lines();
  for (const p of [...r.in('retention'), ...r.in('storage')])
    out.add(
      p.path,
      [
        r.elementTitle(p),
        undefined,
        r.titleShows(p, 'duration') ? undefined : r.variable(p, 'duration'),
        r.variable(p, 'additional_description'),
      ],
      ([t, , d, x]) => `${t}${d ? ` (${d})` : ''}${x ? `${r.colon} ${x}` : ''}`,
    );
  return out.result("the datachain places no element of the categories 'retention', 'storage'");
};

/** The people affected: each placement's own title and description, else the element's. */
const affected: Fact['read'] = (r) => {
  const out = new Lines();
  for (const p of r.in('affected')) {
    const own = r.variable(p, 'title');
    out.add(
      p.path,
      [
        'missing' in own && own.missing === 'absent' ? r.elementTitle(p) : own,
        r.contextName(p),
        r.variable(p, 'description'),
      ],
      line(r),
    );
  }
  return out.result("the datachain places no element of category 'affected'");
};

/** The decision categories of the version: functional modes up to ai@2026-08-12, actions after. */
const DECISION = ['functional_modes', 'action'];

/** The last day the datachain changed (updated_at, else created_at), as YYYY-MM-DD. */
const changed: Fact['read'] = (r) => {
  const at = r.datachain.updated_at ?? r.datachain.created_at;
  const key = r.datachain.updated_at ? 'updated_at' : 'created_at';
  return at
    ? { value: at.slice(0, 10), from: [key] }
    : { absent: 'the datachain has neither updated_at nor created_at' };
};

const id: Fact['read'] = (r) =>
  r.datachain.id ? { value: r.datachain.id, from: ['id'] } : { absent: 'the datachain has no id' };

/** Every fact of a datachain an export reads, by key. */
export const FACTS = {
  title: { where: 'datachain title', fill: 'a datachain title', read: own('title') },
  description: { where: 'datachain description', fill: 'a datachain description', read: own('description') },
  id: { where: 'datachain id', fill: 'a datachain id', read: id },
  changed: {
    where: 'datachain updated_at (else created_at), as a date',
    fill: 'updated_at on the datachain',
    read: changed,
  },
  deployer: {
    where: "accountable element with context 'deployer': variable title",
    fill: "an accountable element (institution or organization) with context 'deployer' and a title",
    read: party('deployer', 'title'),
  },
  deployer_about: {
    where: "accountable element with context 'deployer': variable description",
    fill: "a description on the 'deployer' accountable element",
    read: party('deployer', 'description'),
  },
  vendor: {
    where: "accountable element with context 'vendor': variable title",
    fill: "an accountable element with context 'vendor' and a title",
    read: party('vendor', 'title'),
  },
  vendor_about: {
    where: "accountable element with context 'vendor': variable description",
    fill: "a description on the 'vendor' accountable element",
    read: party('vendor', 'description'),
  },
  email: {
    where:
      "accountable element with context 'deployer' (else one with no role; never the vendor): action of type email",
    fill: "an email action on the 'deployer' accountable element",
    read: contact('email'),
  },
  phone: {
    where:
      "accountable element with context 'deployer' (else one with no role; never the vendor): action of type phone",
    fill: "a phone action on the 'deployer' accountable element",
    read: contact('phone'),
  },
  website: {
    where: "accountable element with context 'deployer' (else one with no role; never the vendor): action of type url",
    fill: "a url action on the 'deployer' accountable element",
    read: contact('url'),
  },
  purpose: {
    where: 'purpose elements: title and additional_description',
    fill: 'purpose elements with an additional_description',
    read: describe(['purpose']),
  },
  purpose_names: { where: 'purpose elements: titles', fill: 'purpose elements', read: titles(['purpose']) },
  affected: {
    where: 'affected elements: title and description variables (else the element title), context',
    fill: 'affected elements (who meets the system)',
    read: affected,
  },
  decision: {
    where: 'functional_modes or action elements: title, autonomy context, additional_description',
    fill: 'functional_modes (up to ai@2026-08-12) or action elements with their autonomy context and an additional_description',
    read: describe(DECISION),
  },
  risks: {
    where: 'risks_mitigation elements: title, risk and mitigation',
    fill: 'risks_mitigation elements',
    read: risks,
  },
  risk_names: {
    where: 'risks_mitigation elements: titles',
    fill: 'risks_mitigation elements',
    read: titles(['risks_mitigation']),
  },
  risk_texts: {
    where: 'risks_mitigation elements: title and variable risk',
    fill: 'a risk text on risks_mitigation elements',
    read: riskPart('risk'),
  },
  mitigations: {
    where: 'risks_mitigation elements: title and variable mitigation',
    fill: 'a mitigation text on risks_mitigation elements',
    read: riskPart('mitigation'),
  },
  rights: { where: 'rights elements: title and rights', fill: 'rights elements', read: describe(['rights'], 'rights') },
  objection: {
    where: `rights elements ${OBJECTION_RIGHTS.join(', ')}: title and rights`,
    fill: `a rights element that says how to object or ask for review (${OBJECTION_RIGHTS.join(', ')})`,
    read: objection,
  },
  inputs: {
    where: 'input_dataset elements: title, pii context, additional_description',
    fill: 'input_dataset elements with an additional_description',
    read: describe(['input_dataset']),
  },
  input_names: {
    where: 'input_dataset elements: titles',
    fill: 'input_dataset elements',
    read: titles(['input_dataset']),
  },
  outputs: {
    where: 'output_dataset elements: title, pii context, additional_description',
    fill: 'output_dataset elements with an additional_description',
    read: describe(['output_dataset']),
  },
  outputs_shown: {
    where: 'output_dataset and manifestation elements: title, context, additional_description',
    fill: 'output_dataset or manifestation elements',
    read: describe(['output_dataset', 'manifestation']),
  },
  processing: {
    where: 'processing elements: title and additional_description',
    fill: 'processing elements with an additional_description',
    read: describe(['processing']),
  },
  processing_names: { where: 'processing elements: titles', fill: 'processing elements', read: titles(['processing']) },
  collection: {
    where: 'collection elements (ai@2026-08-24-beta and later): title and additional_description',
    fill: 'collection elements (what captures the data)',
    read: describe(['collection']),
  },
  access: {
    where: 'access elements: title and additional_description',
    fill: 'access elements (who can see the data)',
    read: describe(['access']),
  },
  keeping: {
    where: 'retention and storage elements: title, duration, additional_description',
    fill: 'retention and storage elements with a duration',
    read: keeping,
  },
} satisfies Record<string, Fact>;

export type FactKey = keyof typeof FACTS;
