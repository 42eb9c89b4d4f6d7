import { describe, expect, it } from 'vitest';
import { asciiJson } from '../../src/core/ascii-json.js';
import { VIEW_SCRIPT } from '../../src/mcp/view-script.js';
import { labelsFor } from '../../src/services/render/shared/labels.js';
import { LOCALE_LABELS } from '../../src/services/render/shared/labels/index.js';
// In this project `shipped.js` is `shipped-text.ts`, as in the Worker's script (vitest.config.ts).
import { labelsOf } from '../../src/services/render/shared/labels/shipped.js';
import { viewWordsOf } from '../../src/services/render/shared/view-words.js';
import { signLabelsFor } from '../../src/services/render/sign/labels.js';
import { LABEL_TEXTS, VIEW_WORDS_TEXT } from '../../src/store/generated/label-texts.js';

describe("the locales' fixed wording as the Worker's script ships it: text modules beside it (decision 062)", () => {
  it('reads every table from its text module, the same as the table in the sources', () => {
    expect(Object.keys(LABEL_TEXTS).sort()).toEqual(Object.keys(LOCALE_LABELS).sort());
    for (const [locale, table] of Object.entries(LOCALE_LABELS)) {
      expect(LABEL_TEXTS[locale], locale).toMatch(/^[\x00-\x7f]*$/);
      expect(labelsOf(locale), locale).toEqual(table);
      // A copy parsed from the text module, not the table itself: this project reads what the script reads.
      expect(labelsOf(locale), locale).not.toBe(table);
      // Parsed once per isolate: the same object on every read.
      expect(labelsOf(locale)).toBe(labelsOf(locale));
      expect(labelsFor(locale).glance, locale).toBe(table.page.glance);
      expect(signLabelsFor(locale, 'dtpr').kicker, locale).toBe(table.sign_neutral.kicker);
    }
    expect(labelsOf('en')).toBeUndefined();
    expect(labelsOf('toString')).toBeUndefined();
  });

  it("embeds every locale's view sentences in the view script, as the tables have them", () => {
    expect(VIEW_WORDS_TEXT).toBe(asciiJson(JSON.stringify(viewWordsOf(LOCALE_LABELS))));
    expect(VIEW_SCRIPT).toContain(`var WORDS = ${VIEW_WORDS_TEXT};`);
  });
});
