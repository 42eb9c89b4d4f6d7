import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FINDING_CODES, type FindingCode } from '../../cli/rules/catalogue.js';
import type { Severity } from '../../src/core/errors.js';
import { lv, makeFixture, type Fixture } from './fixture.js';

interface Case {
  name: string;
  code: FindingCode;
  severity: Severity;
  file: string;
  path: string;
  mutate(fx: Fixture): void;
}

const DT = 'datachain-type.yaml';
const PURPOSE = 'categories/purpose.yaml';
const INPUT = 'categories/input_dataset.yaml';
const HEALTH = 'elements/health.yaml';
const RETAINED = 'elements/data_retained.yaml';

/** One failing mutation per authoring rule of the catalogue (symbol hardening has its own file). */
const CASES: Case[] = [
  {
    name: 'meta.yaml absent',
    code: 'file_missing',
    severity: 'error',
    file: 'meta.yaml',
    path: '',
    mutate: (fx) => fx.remove('meta.yaml'),
  },
  {
    name: 'shape outside the enum',
    code: 'schema_invalid',
    severity: 'error',
    file: PURPOSE,
    path: 'shape',
    mutate: (fx) =>
      fx.edit(PURPOSE, (d) => {
        d.shape = 'triangle';
      }),
  },
  {
    name: 'variable without label',
    code: 'schema_invalid',
    severity: 'error',
    file: PURPOSE,
    path: 'element_variables[0].label',
    mutate: (fx) =>
      fx.edit(PURPOSE, (d) => {
        delete d.element_variables[0].label;
      }),
  },
  {
    name: 'misspelt key',
    code: 'unknown_key',
    severity: 'warning',
    file: HEALTH,
    path: 'symbol',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.symbol = 'x';
      }),
  },
  {
    name: 'nested unknown key',
    code: 'unknown_key',
    severity: 'warning',
    file: INPUT,
    path: 'element_context.values[0].colour',
    mutate: (fx) =>
      fx.edit(INPUT, (d) => {
        d.element_context.values[0].colour = 'red';
      }),
  },
  {
    name: 'version differs from directory',
    code: 'manifest_version_mismatch',
    severity: 'error',
    file: 'meta.yaml',
    path: 'version',
    mutate: (fx) =>
      fx.edit('meta.yaml', (d) => {
        d.version = 'ai@2026-01-02';
      }),
  },
  {
    name: 'beta status on a stable directory',
    code: 'manifest_status_mismatch',
    severity: 'error',
    file: 'meta.yaml',
    path: 'status',
    mutate: (fx) =>
      fx.edit('meta.yaml', (d) => {
        d.status = 'beta';
      }),
  },
  {
    name: 'meta locales differ',
    code: 'locales_mismatch',
    severity: 'error',
    file: DT,
    path: 'locales',
    mutate: (fx) =>
      fx.edit(DT, (d) => {
        d.locales = ['en'];
      }),
  },
  {
    name: 'datachain type id differs from type',
    code: 'datachain_type_id_mismatch',
    severity: 'error',
    file: DT,
    path: 'id',
    mutate: (fx) =>
      fx.edit(DT, (d) => {
        d.id = 'ml';
      }),
  },
  {
    name: 'two files, one category id',
    code: 'category_duplicate',
    severity: 'error',
    file: 'categories/purpose_copy.yaml',
    path: 'id',
    mutate: (fx) => fx.write('categories/purpose_copy.yaml', fx.read(PURPOSE)),
  },
  {
    name: 'two files, one element id',
    code: 'element_duplicate',
    severity: 'error',
    file: 'elements/health_copy.yaml',
    path: 'id',
    mutate: (fx) => fx.write('elements/health_copy.yaml', fx.read(HEALTH)),
  },
  {
    name: 'repeated subchain',
    code: 'subchain_duplicate',
    severity: 'error',
    file: DT,
    path: 'subchains[1].id',
    mutate: (fx) =>
      fx.edit(DT, (d) => {
        d.subchains.push(d.subchains[0]);
      }),
  },
  {
    name: 'repeated context value',
    code: 'context_value_duplicate',
    severity: 'error',
    file: INPUT,
    path: 'element_context.values[1].id',
    mutate: (fx) =>
      fx.edit(INPUT, (d) => {
        d.element_context.values[1].id = 'de_identified';
      }),
  },
  {
    name: 'repeated category variable',
    code: 'variable_duplicate',
    severity: 'error',
    file: 'categories/retention.yaml',
    path: 'element_variables[1].id',
    mutate: (fx) =>
      fx.edit('categories/retention.yaml', (d) => {
        d.element_variables.push({ id: 'duration', label: lv('Again') });
      }),
  },
  {
    name: 'repeated element variable',
    code: 'variable_duplicate',
    severity: 'error',
    file: HEALTH,
    path: 'variables[1].id',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.variables = [
          { id: 'x', label: lv('X') },
          { id: 'x', label: lv('X') },
        ];
      }),
  },
  {
    name: 'repeated option',
    code: 'variable_option_duplicate',
    severity: 'error',
    file: PURPOSE,
    path: 'element_variables[1].options[1].id',
    mutate: (fx) =>
      fx.edit(PURPOSE, (d) => {
        d.element_variables[1].options.push(d.element_variables[1].options[0]);
      }),
  },
  {
    name: 'two en entries',
    code: 'locale_duplicate',
    severity: 'error',
    file: HEALTH,
    path: 'title[2].locale',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.title.push({ locale: 'en', value: 'Again' });
      }),
  },
  {
    name: 'unknown category',
    code: 'category_ref_missing',
    severity: 'error',
    file: HEALTH,
    path: 'category_id',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.category_id = 'purpos';
      }),
  },
  {
    name: 'category of another type',
    code: 'datachain_type_mismatch',
    severity: 'error',
    file: PURPOSE,
    path: 'datachain_type',
    mutate: (fx) =>
      fx.edit(PURPOSE, (d) => {
        d.datachain_type = 'ml';
      }),
  },
  {
    name: 'order lists a ghost',
    code: 'category_order_ref_missing',
    severity: 'error',
    file: DT,
    path: 'categories[3]',
    mutate: (fx) =>
      fx.edit(DT, (d) => {
        d.categories.push('ghost');
      }),
  },
  {
    name: 'order lists twice',
    code: 'category_order_duplicate',
    severity: 'error',
    file: DT,
    path: 'categories[3]',
    mutate: (fx) =>
      fx.edit(DT, (d) => {
        d.categories.push('purpose');
      }),
  },
  {
    name: 'category left out of the order',
    code: 'category_not_in_datachain_type',
    severity: 'error',
    file: 'categories/retention.yaml',
    path: 'id',
    mutate: (fx) =>
      fx.edit(DT, (d) => {
        d.categories = ['purpose', 'input_dataset'];
      }),
  },
  {
    name: 'subchain lists a ghost',
    code: 'subchain_category_ref_missing',
    severity: 'error',
    file: DT,
    path: 'subchains[0].categories[1]',
    mutate: (fx) =>
      fx.edit(DT, (d) => {
        d.subchains[0].categories.push('ghost');
      }),
  },
  {
    name: 'subchain lists twice',
    code: 'subchain_category_duplicate',
    severity: 'error',
    file: DT,
    path: 'subchains[0].categories[1]',
    mutate: (fx) =>
      fx.edit(DT, (d) => {
        d.subchains[0].categories.push('input_dataset');
      }),
  },
  {
    name: 'empty description',
    code: 'locale_field_empty',
    severity: 'error',
    file: HEALTH,
    path: 'description',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.description = [];
      }),
  },
  {
    name: 'empty context value name',
    code: 'locale_field_empty',
    severity: 'error',
    file: INPUT,
    path: 'element_context.values[2].name',
    mutate: (fx) =>
      fx.edit(INPUT, (d) => {
        d.element_context.values[2].name = [];
      }),
  },
  {
    name: 'title without fr',
    code: 'locale_missing',
    severity: 'error',
    file: HEALTH,
    path: 'title[fr]',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.title = d.title.slice(0, 1);
      }),
  },
  {
    name: 'variable label without fr',
    code: 'locale_missing',
    severity: 'error',
    file: PURPOSE,
    path: 'element_variables[0].label[fr]',
    mutate: (fx) =>
      fx.edit(PURPOSE, (d) => {
        d.element_variables[0].label = d.element_variables[0].label.slice(0, 1);
      }),
  },
  {
    name: 'fr text in an en-only release',
    code: 'locale_not_allowed',
    severity: 'error',
    file: HEALTH,
    path: 'title[1].locale',
    mutate: (fx) => {
      fx.edit('meta.yaml', (d) => {
        d.locales = ['en'];
      });
      fx.edit(DT, (d) => {
        d.locales = ['en'];
      });
    },
  },
  {
    name: 'blank fr title',
    code: 'locale_value_blank',
    severity: 'warning',
    file: HEALTH,
    path: 'title[fr]',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.title[1].value = '  ';
      }),
  },
  {
    name: 'option for an element of another category',
    code: 'variable_option_applies_to_unknown',
    severity: 'error',
    file: PURPOSE,
    path: 'element_variables[1].options[0].applies_to[0]',
    mutate: (fx) =>
      fx.edit(PURPOSE, (d) => {
        d.element_variables[1].options[0].applies_to = ['data_retained'];
      }),
  },
  {
    name: 'optional multi-select without options',
    code: 'variable_options_empty',
    severity: 'warning',
    file: PURPOSE,
    path: 'element_variables[1].options',
    mutate: (fx) =>
      fx.edit(PURPOSE, (d) => {
        d.element_variables[1].options = [];
      }),
  },
  {
    name: 'required multi-select without options',
    code: 'variable_required_empty_options',
    severity: 'error',
    file: PURPOSE,
    path: 'element_variables[1]',
    mutate: (fx) =>
      fx.edit(PURPOSE, (d) => {
        d.element_variables[1].options = [];
        d.element_variables[1].required = true;
      }),
  },
  {
    name: 'non-slug placeholder in fr',
    code: 'variable_ref_missing',
    severity: 'error',
    file: RETAINED,
    path: 'description[fr]',
    mutate: (fx) =>
      fx.edit(RETAINED, (d) => {
        d.description[1].value = 'Conservées pendant {{durée}}.';
      }),
  },
  {
    name: 'unknown placeholder in a title',
    code: 'variable_ref_missing',
    severity: 'error',
    file: HEALTH,
    path: 'title[en]',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.title[0].value = 'Health {{ghost}}';
      }),
  },
  {
    name: 'fr text drops a placeholder',
    code: 'locale_variable_drift',
    severity: 'warning',
    file: RETAINED,
    path: 'description[fr]',
    mutate: (fx) =>
      fx.edit(RETAINED, (d) => {
        d.description[1].value = 'Conservées.';
      }),
  },
  {
    name: 'missing symbol',
    code: 'symbol_not_found',
    severity: 'error',
    file: HEALTH,
    path: 'symbol_id',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.symbol_id = 'helth';
      }),
  },
  {
    name: 'dark as a context value',
    code: 'reserved_variant_token',
    severity: 'error',
    file: INPUT,
    path: 'element_context.values[0].id',
    mutate: (fx) =>
      fx.edit(INPUT, (d) => {
        d.element_context.values[0].id = 'dark';
      }),
  },
  {
    name: 'default in an element context',
    code: 'reserved_variant_token',
    severity: 'error',
    file: HEALTH,
    path: 'context.values[0].id',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.context = {
          ...fx.read(INPUT).element_context,
          values: [{ id: 'default', name: lv('D'), description: lv('D'), color: null }],
        };
      }),
  },
  {
    name: 'search terms in en only',
    code: 'search_terms_locale_missing',
    severity: 'error',
    file: HEALTH,
    path: 'search_terms',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.search_terms = [{ locale: 'en', terms: ['clinic'] }];
      }),
  },
  {
    name: 'a term twice, by case and accent',
    code: 'search_term_duplicate',
    severity: 'error',
    file: HEALTH,
    path: 'search_terms[1].terms[1]',
    mutate: (fx) =>
      fx.edit(HEALTH, (d) => {
        d.search_terms = [
          { locale: 'en', terms: ['clinic'] },
          { locale: 'fr', terms: ['Hôpital', 'hopital'] },
        ];
      }),
  },
  {
    name: 'a category search term that is its name',
    code: 'search_term_equals_title',
    severity: 'error',
    file: PURPOSE,
    path: 'search_terms[0].terms[0]',
    mutate: (fx) =>
      fx.edit(PURPOSE, (d) => {
        d.search_terms = [
          { locale: 'en', terms: ['  PURPOSE name '] },
          { locale: 'fr', terms: ['but'] },
        ];
      }),
  },
  {
    name: 'search terms for a locale the release lacks',
    code: 'locale_not_allowed',
    severity: 'error',
    file: HEALTH,
    path: 'search_terms[0].locale',
    mutate: (fx) => {
      fx.edit('meta.yaml', (d) => {
        d.locales = ['en'];
      });
      fx.edit(DT, (d) => {
        d.locales = ['en'];
      });
      fx.edit(HEALTH, (d) => {
        d.title = d.title.slice(0, 1);
        d.description = d.description.slice(0, 1);
        d.search_terms = [{ locale: 'fr', terms: ['soin'] }];
      });
    },
  },
  {
    name: 'context value id with a space',
    code: 'context_value_id_invalid',
    severity: 'error',
    file: INPUT,
    path: 'element_context.values[0].id',
    mutate: (fx) =>
      fx.edit(INPUT, (d) => {
        d.element_context.values[0].id = 'de identified';
      }),
  },
];

/** Codes whose failing fixtures live in other files of this folder. */
const TESTED_ELSEWHERE: FindingCode[] = [
  'release_not_found',
  'yaml_syntax_error', // cli-process.test.ts, build.test.ts
  'symbol_malformed_wrapper',
  'symbol_active_content', // symbols.test.ts
  'symbol_viewbox_wrong',
  'symbol_fixed_color',
  'low_contrast_context_color', // color.test.ts
  'translations_locale_unknown', // translations.test.ts
  'translations_locale_duplicate',
  'translations_flag_duplicate',
  'translations_flag_key_invalid',
  'translations_flag_on_source',
  'translations_review_unrecorded',
];

it('every catalogue code has a failing fixture', () => {
  const covered = new Set([...CASES.map((c) => c.code), ...TESTED_ELSEWHERE]);
  expect(FINDING_CODES.filter((code) => !covered.has(code))).toEqual([]);
});

describe('authoring rules', () => {
  let fx: Fixture;
  beforeEach(() => {
    fx = makeFixture();
  });
  afterEach(() => fx.cleanup());

  it('the base fixture is clean', () => {
    expect(fx.validate()).toEqual([]);
  });

  it.each(CASES)('$code: $name', ({ code, severity, file, path, mutate }) => {
    mutate(fx);
    const findings = fx.validate();
    const hit = findings.find((f) => f.code === code && f.file === file && f.path === path);
    expect(hit, JSON.stringify(findings, null, 1)).toBeDefined();
    expect(hit?.severity).toBe(severity);
    expect(hit?.message.length).toBeGreaterThan(0);
    expect(hit?.fix_hint.length).toBeGreaterThan(0);
  });

  it('suggests near names for a missing symbol and category', () => {
    fx.edit(HEALTH, (d) => {
      d.symbol_id = 'helth';
      d.category_id = 'purpos';
    });
    const findings = fx.validate();
    expect(findings.find((f) => f.code === 'symbol_not_found')?.fix_hint).toMatch(/^Did you mean: health\b/);
    expect(findings.find((f) => f.code === 'category_ref_missing')?.fix_hint).toMatch(/^Did you mean: purpose/);
  });

  it('accepts placeholders naming element-level variables', () => {
    fx.edit(HEALTH, (d) => {
      d.variables = [{ id: 'clinic', label: lv('Clinic') }];
      d.title[0].value = 'At {{clinic}}';
      d.title[1].value = 'À {{clinic}}';
    });
    expect(fx.validate()).toEqual([]);
  });

  it('collects findings from every file and rule without stopping', () => {
    fx.writeText('elements/education.yaml', 'id: [oops\n');
    fx.edit(PURPOSE, (d) => {
      d.shape = 'triangle';
    });
    fx.edit(HEALTH, (d) => {
      d.symbol_id = 'helth';
    });
    fx.edit('meta.yaml', (d) => {
      d.status = 'beta';
    });
    const codes = fx.validate().map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['yaml_syntax_error', 'schema_invalid', 'manifest_status_mismatch']));
    // health's category file is broken, but it is still declared: no cascading category_ref_missing.
    expect(codes).not.toContain('category_ref_missing');
    expect(codes).toContain('symbol_not_found');
  });

  it('reports the line of a schema problem and picks the meant variable kind', () => {
    fx.edit(PURPOSE, (d) => {
      d.element_variables[1].options[0].applies_to = [];
    });
    const [hit] = fx.validate();
    expect(hit).toMatchObject({ code: 'schema_invalid', path: 'element_variables[1].options[0].applies_to' });
    expect(hit?.message).toMatch(/\(line \d+\)$/);
  });
});

describe('broken files do not cascade', () => {
  it('an element file that is not YAML still counts as declaring its name', () => {
    const fx = makeFixture();
    try {
      fx.writeText(HEALTH, 'id: health\ntitle: [unclosed\n');
      expect(fx.validate().map((f) => [f.code, f.file])).toEqual([['yaml_syntax_error', HEALTH]]);
    } finally {
      fx.cleanup();
    }
  });
});
