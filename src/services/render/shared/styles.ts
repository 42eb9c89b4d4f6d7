import { FONT_CSS } from './fonts.js';

/** The page's colours on a light screen, as custom property declarations (the page's default). */
const PALETTE_LIGHT =
  '--bg:#f4f6f8;--surface:#fff;--fg:#14171c;--muted:#4a5160;--line:#d2d7df;--accent:#075763;--glance:#e3f0f2;--glance-line:#b5d3d8;--tag:#eceff3;--warn-bg:#fff4e5;--warn-fg:#6b3a00;--head:#0a4a54;--head-fg:#fff';
/** The page's colours on a dark screen (used when the reader's system prefers dark). */
const PALETTE_DARK =
  '--bg:#0f1216;--surface:#1a1e25;--fg:#eceff4;--muted:#b4bdcb;--line:#363d49;--accent:#86d6e2;--glance:#12282d;--glance-line:#2d535a;--tag:#272d37;--warn-bg:#3a2a12;--warn-fg:#ffd9a8;--head:#0b353d;--head-fg:#fff';

/**
 * The page's only stylesheet: light and dark screens, a width-filling layout from 390 px up, and
 * print rules for A4 and Letter (the at-a-glance box breaks between its rows, never inside one, so it
 * starts on the first page under the header; no heading ends a page). Colour pairs meet WCAG AA. A constant emitted raw into `<style>`
 * (no escaping there): it holds no caller text and never `</style`.
 */
export const STYLES = `
:root{color-scheme:light dark;${PALETTE_LIGHT}}
@media screen and (prefers-color-scheme:dark){:root{${PALETTE_DARK}}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:17px/1.55 var(--font);-webkit-text-size-adjust:100%;overflow-wrap:anywhere}
${FONT_CSS}
:is(.kicker,.toc-title,dl.fields dt):is(:lang(zh),:lang(km)){letter-spacing:0}
:lang(km) :is(h1,h2,h3,.who .answer){line-height:1.5}
:lang(km) a{text-underline-offset:.35em}
:lang(zh){line-break:strict}
.wrap{max-width:76rem;margin:0 auto;padding:0 1.25rem}
a{color:var(--accent);text-underline-offset:.15em}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
header.doc{background:var(--head);color:var(--head-fg);padding:1.75rem 0 1.6rem}
.kicker{margin:0;font-size:.82rem;font-weight:700;letter-spacing:.07em;text-transform:uppercase}
header.doc h1{font-size:clamp(1.75rem,4.2vw,2.6rem);line-height:1.15;margin:.3rem 0 .55rem}
.lead{font-size:1.2rem;line-height:1.45;max-width:50rem;margin:0}
header.doc .note{margin:.9rem 0 0;max-width:50rem;font-size:.9rem;border-left:3px solid var(--head-fg);padding-left:.6rem}
main.wrap{padding-top:1.5rem;padding-bottom:2.5rem}
.glance{background:var(--glance);border:1px solid var(--glance-line);border-radius:16px;padding:1.1rem 1.25rem .4rem;font-size:.95rem;line-height:1.45}
.glance>h2{font-size:1.3rem;margin:0 0 .75rem}
.glance dl{columns:15.5rem;column-gap:.85rem;margin:0}
.glance .q{background:var(--surface);border:1px solid var(--glance-line);border-radius:12px;padding:.85rem 1rem;margin:0 0 .85rem;break-inside:avoid}
.glance .q.who{column-span:all}
.glance .kind{display:block;color:var(--muted);font-size:.85rem}
.own-note{display:block;color:var(--fg)}
.how{display:block;margin-top:.15rem}
a.more{white-space:nowrap;font-size:.9rem}
.glance dt{font-weight:700;margin:0 0 .35rem}
.glance dd{margin:0}
.answers{list-style:none;margin:0;padding:0}
.answers li{margin:.2rem 0}
.who .answers li+li{margin-top:.7rem}
.who .name{font-size:1.35rem;line-height:1.25;font-weight:650}
.verdict{margin:0 0 .35rem}
.dir,.none,.hint{color:var(--muted)}
.none,.hint{margin:.2rem 0 0}
.contacts{list-style:none;padding:0;margin:.6rem 0 0;display:flex;flex-wrap:wrap;gap:.4rem 1.5rem}
.act-label{color:var(--muted)}
.act-link{font-weight:650;overflow-wrap:anywhere}
nav.toc{margin:1.5rem 0 0}
.toc-title{font-size:.8rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--muted);margin:0 0 .4rem}
nav.toc ol{display:flex;flex-wrap:wrap;gap:.4rem;padding:0;margin:0;list-style:none;font-size:.9rem}
nav.toc a{display:inline-block;padding:.15rem .65rem;border:1px solid var(--line);border-radius:999px;background:var(--surface);text-decoration:none}
section.cat{border-top:1px solid var(--line);margin-top:1.75rem;padding-top:1.1rem}
section.cat>h2{font-size:1.35rem;line-height:1.25;margin:0 0 .3rem}
section.cat>p{margin:0 0 .9rem;color:var(--muted);font-size:.9rem}
@media (max-width:40rem){.wrap{padding:0 .9rem}.glance{padding:.8rem .7rem .15rem;line-height:1.4}.glance>h2{margin-bottom:.5rem}.glance .q{padding:.5rem .7rem;margin-bottom:.45rem}.glance dt{margin-bottom:.2rem}.who .name{font-size:1.2rem}.glance .kind{display:inline;margin-left:.3rem}article.card{padding:.9rem}}
@media (min-width:48rem){.who .answers{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr));gap:.2rem 2rem}.who .answers li+li{margin-top:.2rem}}
@media (min-width:60rem){section.cat{display:grid;grid-template-columns:15rem minmax(0,1fr);grid-template-rows:auto 1fr;column-gap:2.5rem;align-items:start}section.cat>h2,section.cat>.intro{grid-column:1}section.cat>ul,section.cat>p.empty{grid-column:2;grid-row:1/span 2}}
.req{font-size:.75rem;font-weight:700;border:1px solid var(--muted);border-radius:999px;padding:0 .5rem;margin-left:.5rem;vertical-align:middle}
section.cat>p.empty{background:var(--warn-bg);color:var(--warn-fg);padding:.55rem .8rem;border-radius:8px;font-size:.95rem}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,20rem),1fr));gap:1rem;list-style:none;padding:0;margin:0}
article.card{background:var(--surface);border:1px solid var(--line);border-radius:12px;padding:1rem 1.1rem;height:100%}
article.card>header{display:flex;gap:.85rem;align-items:flex-start}
picture{flex:none;display:block}
.dtpr-icon{display:block;width:56px;height:56px;flex:none;background-size:contain;background-repeat:no-repeat;-webkit-print-color-adjust:exact;print-color-adjust:exact}
article.card h3{font-size:1.2rem;line-height:1.3;margin:.1rem 0 0}
.tags{display:flex;flex-wrap:wrap;gap:.3rem;margin:.35rem 0 0}
.tags:empty{display:none}
.tag{display:inline-block;max-width:100%;overflow-wrap:anywhere;font-size:.8rem;font-weight:650;line-height:1.5;border-radius:999px;padding:0 .6rem;background:var(--tag);color:var(--fg);border:1px solid var(--line)}
.tag.kind{background:transparent;color:var(--muted)}
.proposed{border-style:dashed}
.var{font-weight:650;color:var(--fg)}
.missing{font-style:italic;color:var(--warn-fg);background:var(--warn-bg);padding:0 .2rem;border-radius:3px}
dl.fields{margin:.85rem 0 0}
.cards.single dl.fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,17rem),1fr));column-gap:1.75rem}
dl.fields dt{font-size:.78rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:var(--muted)}
dl.fields dd{margin:.1rem 0 .65rem}
ul.actions{list-style:none;padding:0;margin:.4rem 0 0;display:grid;gap:.3rem}
.warn{background:var(--warn-bg);color:var(--warn-fg);padding:.35rem .55rem;border-radius:6px;font-size:.9rem}
.generic{font-size:.875rem;color:var(--muted);margin:.8rem 0 0;padding-top:.5rem;border-top:1px dashed var(--line)}
.generic summary{color:var(--accent);cursor:pointer}
.generic p{margin:.35rem 0 0}
p.cites{margin:.5rem 0 0;font-size:.875rem;color:var(--muted)}
p.card-text{margin:.85rem 0 0}
details.prov{margin-top:.6rem;font-size:.875rem}
details.prov summary{color:var(--accent);cursor:pointer}
details.prov blockquote{margin:.4rem 0;padding-left:.75rem;border-left:3px solid var(--line)}
ul.flows{list-style:none;padding:0;margin:0}
ol.chain{display:inline;list-style:none;padding:0;margin:0}
ol.chain li{display:inline}
ol.chain li+li::before{content:" \\2192  ";color:var(--muted)}
footer.about{border-top:1px solid var(--line);background:var(--surface);padding:1.5rem 0 2.5rem;font-size:.92rem;color:var(--muted)}
footer.about h2{font-size:1.15rem;color:var(--fg);margin:0 0 .4rem}
footer.about h3{font-size:1rem;color:var(--fg);margin:1.1rem 0 .35rem}
footer.about p{margin:0;max-width:50rem}
dl.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,13rem),1fr));gap:.5rem 1.5rem;margin:.9rem 0 0}
dl.facts dt{font-weight:700;color:var(--fg)}
dl.facts dd{margin:0;overflow-wrap:anywhere}
ol.sources{padding-left:1.5rem;margin:0}
ol.sources li{margin:.2rem 0}
:target{outline:3px solid var(--accent);outline-offset:2px}
@page{size:auto;margin:16mm 15mm 18mm}
@media print{
:root{--bg:#fff;--surface:#fff;--fg:#000;--muted:#333;--line:#8c8c8c;--accent:#003d46;--glance:#fff;--glance-line:#8c8c8c;--tag:#fff;--head:#fff;--head-fg:#000}
body{font-size:10pt;line-height:1.35}
.wrap{max-width:none;padding:0}
header.doc{padding:0 0 .6rem;border-bottom:2pt solid #000}
main.wrap{padding-top:.8rem}
nav.toc{display:none}
.glance{border-radius:0;padding:.5rem .7rem;font-size:9pt;line-height:1.25}
.glance>h2{font-size:1.2em;margin-bottom:.4rem}
.glance dl{columns:3;column-gap:.45rem}
.glance a.more{display:none}
.glance .q{padding:.3rem .45rem;border-radius:4px;margin:0 0 .4rem;break-inside:avoid}
.glance .q.who{column-span:all}
.glance dt{margin-bottom:.2rem}
.glance .kind{display:inline;font-size:.9em}
.glance .tag{font-size:8pt}
:lang(km) .glance .tag{font-size:9pt}
.who .name{font-size:1.15em}
h1,h2,h3,dt{break-after:avoid}
p,li,dd{orphans:2;widows:2}
a[href^="#"]{text-decoration:none}
section.cat{display:block;margin-top:.7rem;padding-top:.5rem}
section.cat>h2{font-size:1.1rem}
section.cat>h2,section.cat>.intro{break-after:avoid;break-inside:avoid}
section.cat>p.intro{margin-bottom:.4rem;font-size:.85rem}
.sections{columns:2;column-gap:1.1rem}
section.cat{break-inside:avoid}
.cards{display:block}
.cards>li{break-inside:avoid;margin:0 0 .6rem}
article.card{padding:.5rem .7rem;border-radius:4px;height:auto}
.dtpr-icon{width:36px;height:36px}
article.card h3{font-size:1rem}
details.generic{display:none}
dl.fields{margin-top:.4rem}
dl.fields dd{margin-bottom:.3rem}
article.card,.glance .q,ol.sources li,dl.fields>div{break-inside:avoid}
details.prov::details-content{display:block;content-visibility:visible}
details.prov summary{color:#000;list-style:none}
a{color:#000}
a[href^="http"]::after{content:" (" attr(href) ")";font-size:.85em;font-weight:400;overflow-wrap:anywhere}
.tag.ctx{print-color-adjust:exact;-webkit-print-color-adjust:exact}
footer.about{padding:.8rem 0 0;break-inside:auto}
}
`;
