/**
 * The page's only stylesheet: light and dark schemes, responsive grid, print rules. AA contrast throughout.
 * A constant emitted raw into `<style>` (no escaping there): it holds no caller text and never `</style`.
 */
export const STYLES = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1a1a1a;--muted:#4a4a4a;--line:#d0d0d0;--card:#f7f7f7;--accent:#0b5561;--warn-bg:#fff4e5;--warn-fg:#6b3a00;--tag:#e8e8e8}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#ececec;--muted:#c4c4c4;--line:#3a3a3a;--card:#1e1e1e;--accent:#7fd3df;--warn-bg:#3a2a12;--warn-fg:#ffd9a8;--tag:#2e2e2e}.dtpr-icon{background:#fff;border-radius:6px}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:68rem;margin:0 auto;padding:1.5rem 1rem 3rem}
header.doc h1{font-size:1.8rem;margin:0 0 .25rem}
header.doc p{margin:.25rem 0;color:var(--muted)}
.meta{font-size:.875rem;color:var(--muted)}
nav.toc ol{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none;font-size:.9rem}
a{color:var(--accent)}
section.cat{border-top:2px solid var(--line);margin-top:1.5rem;padding-top:.75rem}
section.cat h2{font-size:1.3rem;margin:0}
section.cat>p{margin:.25rem 0 .75rem;color:var(--muted)}
.req{font-size:.75rem;font-weight:600;border:1px solid var(--muted);border-radius:999px;padding:0 .5rem;margin-left:.5rem;vertical-align:middle}
.empty{background:var(--warn-bg);color:var(--warn-fg);padding:.5rem .75rem;border-radius:6px}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:1rem;list-style:none;padding:0;margin:0}
article.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:1rem;height:100%}
article.card header{display:flex;gap:.75rem;align-items:flex-start}
.dtpr-icon{flex:none;width:48px;height:48px}
article.card h3{font-size:1.05rem;margin:0}
.tag{display:inline-block;font-size:.8rem;font-weight:600;border-radius:999px;padding:.05rem .6rem;margin:.3rem .3rem 0 0;background:var(--tag);color:var(--fg);border:1px solid var(--line)}
.proposed{border-style:dashed}
.var{font-weight:600}
.missing{font-style:italic;color:var(--warn-fg);background:var(--warn-bg);padding:0 .2rem;border-radius:3px}
dl.vars{margin:.5rem 0 0;font-size:.9rem}
dl.vars dt{font-weight:600}
dl.vars dd{margin:0 0 .35rem}
.warn{background:var(--warn-bg);color:var(--warn-fg);padding:.35rem .5rem;border-radius:6px;font-size:.9rem}
ul.actions{padding-left:1.1rem;margin:.5rem 0 0}
sup.cite a{text-decoration:none}
details.prov{margin-top:.5rem;font-size:.9rem}
details.prov blockquote{margin:.4rem 0;padding-left:.75rem;border-left:3px solid var(--line)}
ol.sources{padding-left:1.5rem}
.flows li{margin:.2rem 0}
@media print{:root{--bg:#fff;--fg:#000;--muted:#333;--card:#fff}nav.toc{display:none}article.card{break-inside:avoid}details.prov{display:block}a::after{content:" (" attr(href) ")";font-size:.8em}}
`;
