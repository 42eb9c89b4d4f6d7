// What the sign shows, measured in Chromium on the SVG document itself.

/** The author texts a sign must carry whole: title, description, first responsible party and its printed contacts. */
function expectedTexts(dc, locale) {
  const pick = (texts) => (texts.find((t) => t.locale === locale) ?? texts.find((t) => t.locale === 'en')).value;
  const who = dc.elements.find((p) => p.element_id === 'institution' || p.element_id === 'organization');
  const name = who?.variables?.find((v) => v.id === 'title');
  return [
    pick(dc.title),
    pick(dc.description),
    ...(name ? [pick(name.value)] : []),
    ...(who?.actions ?? []).filter((a) => ['email', 'phone', 'postal'].includes(a.type)).map((a) => a.target),
  ];
}

/** Compares texts as a reader would: any wrapping and either apostrophe. */
const squash = (s) => s.replace(/\s+/g, '').replace(/'/g, '\u2019');

/**
 * Overflowing lines (rendered width beyond the slot the layout gave them), author texts missing or
 * cut from the sign, and the smallest font size in millimetres when the sign is printed 10 cm wide.
 */
export async function signFindings(page, dc, locale) {
  const measured = await page.evaluate(() => {
    const svg = document.documentElement;
    const unitsWide = svg.viewBox.baseVal.width;
    const texts = [...svg.querySelectorAll('text')];
    const overflow = [];
    for (const t of texts) {
      const slot = Number(t.getAttribute('data-slot-width'));
      if (!slot) {
        overflow.push(`a text without a slot: ${t.textContent}`);
        continue;
      }
      for (const line of t.querySelectorAll('tspan'))
        if (line.getComputedTextLength() > slot + 0.5)
          overflow.push(`"${line.textContent}" is ${line.getComputedTextLength().toFixed(1)} wide, its slot ${slot}`);
    }
    const sizes = texts.map((t) => Number(t.getAttribute('font-size')));
    return {
      overflow,
      all: texts.map((t) => [...t.querySelectorAll('tspan')].map((l) => l.textContent).join(' ')).join(' '),
      smallestMm: (Math.min(...sizes) * 100) / unitsWide,
    };
  });
  const shown = squash(measured.all);
  const missing = expectedTexts(dc, locale).filter((t) => !shown.includes(squash(t)));
  if (measured.all.includes('\u2026')) missing.push('an ellipsis: some text was cut');
  return { overflow: measured.overflow, missing, smallestMm: measured.smallestMm };
}
