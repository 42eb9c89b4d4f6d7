// Where things land when a page is printed, read from Chromium's own PDF. Chromium writes a named
// destination (page and position) for every element a link points to; the check links, from an
// out-of-flow box that changes no layout, to every heading and to what follows it, then reads the
// destinations back. No PDF library is needed: the page tree and the destinations are plain text.
import { open } from './reader-session.mjs';

/**
 * Prints `html` on A4 at 680 px and answers the page count, the page (from 1) where the
 * at-a-glance box's first row starts and what page 1 holds of it, and every heading that ends a
 * page (a heading on one page, the content after it on the next).
 */
export async function printLayout(browser, html, { format = 'A4' } = {}) {
  const { page, context } = await open(browser, html, { width: 680 });
  const pairs = await page.evaluate(() => {
    const marks = [];
    const mark = (el, what) => {
      const id = `print-mark-${marks.length}`;
      // A wrapper-free marker: the element keeps its own id when it has one.
      if (!el.id) el.id = id;
      marks.push({ id: el.id, what });
      return el.id;
    };
    const out = [];
    const headings = [...document.querySelectorAll('h1, h2, h3')].filter((h) => !h.closest('article'));
    for (const h of headings) {
      let next = h.nextElementSibling;
      while (next && getComputedStyle(next).display === 'none') next = next.nextElementSibling;
      if (!next) continue;
      // The first line of what follows: a list's box may start on a page its first item left.
      next = next.matches('p') ? next : (next.querySelector('article, li, dt, p') ?? next);
      out.push({ heading: mark(h, h.textContent.trim()), next: mark(next, 'next'), text: h.textContent.trim() });
    }
    const rows = [...document.querySelectorAll('section.glance .q')];
    const firstRow = rows[0] ? mark(rows[0], 'first glance row') : undefined;
    const lastRow = rows.at(-1) ? mark(rows.at(-1), 'last glance row') : undefined;
    const title = document.querySelector('h1') ? mark(document.querySelector('h1'), 'title') : undefined;
    const rowIds = rows.map((r) => mark(r, 'row'));
    const box = document.createElement('div');
    box.setAttribute('style', 'position:absolute;top:0;left:0;width:1px;height:1px');
    box.setAttribute('aria-hidden', 'true');
    for (const m of marks) {
      const a = document.createElement('a');
      a.href = `#${m.id}`;
      a.textContent = '.';
      // Every link painted at the same spot: a link that is not painted gets no destination.
      a.setAttribute('style', 'position:absolute;top:0;left:0;font-size:1px;color:transparent');
      box.append(a);
    }
    document.body.append(box);
    return { out, firstRow, lastRow, title, rows: rowIds };
  });
  const pdf = (await page.pdf({ format, printBackground: true })).toString('latin1');
  await context.close();
  const kids = /\/Type\s*\/Pages[^>]*?\/Kids\s*\[([^\]]*)\]/s.exec(pdf) ?? /\/Kids\s*\[([^\]]*)\]/s.exec(pdf);
  const order = [...(kids?.[1] ?? '').matchAll(/(\d+)\s+0\s+R/g)].map((m) => m[1]);
  const dest = new Map(
    [...pdf.matchAll(/\/([\w-]+)\s*\[\s*(\d+)\s+0\s+R\s*\/XYZ\s+([\d.]+)\s+([\d.]+)/g)].map((m) => [
      m[1],
      { page: order.indexOf(m[2]) + 1, x: Number(m[3]), y: Number(m[4]) },
    ]),
  );
  const at = (id) => (id ? dest.get(id) : undefined);
  // Stranded: what follows is on a later page, or higher up the same page (the next column).
  const stranded = pairs.out
    .filter((p) => {
      const h = at(p.heading);
      const n = at(p.next);
      return h && n && (n.page > h.page || (n.page === h.page && n.y > h.y + 1));
    })
    .map(
      (p) =>
        `"${p.text}" ends page ${at(p.heading).page}${at(p.next).page === at(p.heading).page ? ' (a column)' : ''}`,
    );
  const rowPages = pairs.rows.map((id) => at(id)?.page);
  return {
    pages: order.length,
    titlePage: at(pairs.title)?.page,
    glanceStarts: at(pairs.firstRow)?.page,
    glanceEnds: at(pairs.lastRow)?.page,
    rowsOnPage1: rowPages.filter((p) => p === 1).length,
    rows: rowPages.length,
    stranded,
  };
}

/** The at-a-glance box's height in screens of `width`x`height`, and where it ends from the page top, in screens. */
export async function glanceScreens(browser, html, width, height) {
  const { page, context } = await open(browser, html, { width, height });
  const box = await page.evaluate(() => {
    const r = document.querySelector('section.glance').getBoundingClientRect();
    return { height: r.height, bottom: r.bottom + scrollY };
  });
  await context.close();
  return { screens: box.height / height, endsAt: box.bottom / height, px: Math.round(box.height) };
}
