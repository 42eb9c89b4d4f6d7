// npm run check:bundle (CI): builds the deployable Worker and fails when its script is over the
// gzip target, or when it carries release content (content ships as text modules beside it or in
// the release bucket, so adding a release never changes the script), or when it imports a `node:`
// module (the Worker runs without nodejs_compat, decision 044: wrangler would leave the import
// for the runtime to refuse when the script loads), or when it lost its eager-compilation marks, or
// when it carries the locales' fixed wording or the tool descriptors (decision 062), or zod's JSON
// Schema converters (decision 083).
import { readdirSync, readFileSync } from 'node:fs';
import { bundleComposition, formatComposition, GZIP_TARGET } from './bundle-composition.mjs';

const composition = bundleComposition({ top: 8 });
console.log(formatComposition(composition));
// A release bundle compiled in as a string literal: its manifest, whatever the quoting.
const content = /\\?"manifest\\?":\{\\?"version\\?":/.test(composition.code);
// An import of a Node.js module in the minified script: `from"node:…"`, `import("node:…")`, `require("node:…")`.
const nodeImports = [
  ...composition.code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["'](node:[\w/]+)["']/g),
].map((m) => m[1]);
// The eager-compilation marks (decision 057) must survive wrangler's minifying pass: a function
// right after `(`. The unmarked script has a few dozen; the marked one thousands.
const MIN_MARKS = 1000;
const marks = composition.code.match(/\((?:async )?function\b/g)?.length ?? 0;
// The locales' fixed wording ships beside the script (decision 062). A sentence of one of the tables
// the build wrote (build/embedded/labels) in ASCII (the minifier would escape any other) that is
// also in the script means the tables were bundled after all.
const LABELS = new URL('../build/embedded/labels/', import.meta.url);
const sentences = readdirSync(LABELS).flatMap(
  (file) =>
    JSON.stringify(JSON.parse(readFileSync(new URL(file, LABELS), 'utf8')))
      .match(/"[ -!#-[\]-~]{40,}"/g)
      ?.map((quoted) => JSON.parse(quoted)) ?? [],
);
const bundledLabels = sentences.filter((sentence) => composition.code.includes(sentence));
// The tool descriptors ship beside the script too (decision 062): a tool's input schema written out
// (JSON Schema's dialect, then an object type: no code of the script builds one) means they were bundled.
const descriptors =
  /\$schema\\?"?:\s*\\?"https:\/\/json-schema\.org\/draft\/2020-12\/schema\\?"\s*,\s*\\?"?type\\?"?:\s*\\?"object/.test(
    composition.code,
  );
const failures = [];
if (sentences.length < 50)
  failures.push(`found ${sentences.length} sentences in the locales' wording the build wrote: was it written?`);
if (composition.texts.labels.length === 0)
  failures.push("no text module of the locales' wording is beside the script: is it imported?");
if (descriptors) failures.push('the script carries the tool descriptors: they ship beside it as a text module');
if (!composition.texts.descriptors)
  failures.push('no text module of the tool descriptors is beside the script: is it imported?');
// The OpenAPI document ships beside the script as well: its builder's own phrase means it was bundled.
if (composition.code.includes('REST surface of the DTPR server'))
  failures.push('the script carries the OpenAPI builder: the document ships beside it as a text module');
// zod's JSON Schema converters stay out (decision 083): the Worker converts no schema. Their
// refusals' wording, in the script, means the build's stub was bypassed (cli/build/worker-script.ts).
if (/cannot be represented in JSON Schema|Non-representable type/.test(composition.code))
  failures.push(
    "the script carries zod's JSON Schema converters: the JSON Schemas it serves are written at build time",
  );
// The build writes its bundle's hash into the script (an answer's ETag names it): no placeholder left.
if (composition.code.includes('dtpr-build-0000000000000000') || !/dtpr-build-[0-9a-f]{16}/.test(composition.code))
  failures.push("the script's build id was not written in (cli/build/worker-script.ts, stampBuild)");
if (!composition.texts.openapi)
  failures.push('no text module of the OpenAPI document is beside the script: is it imported?');
if (!composition.texts.schemas)
  failures.push("no Data module of get_schema's JSON Schemas is beside the script: is it imported?");
if (bundledLabels.length)
  failures.push(
    `the script carries ${bundledLabels.length} sentences of the locales' wording, e.g. '${bundledLabels[0]}'`,
  );
if (marks < MIN_MARKS)
  failures.push(
    `the script has ${marks} functions marked for eager compilation, fewer than ${MIN_MARKS}: were the marks lost?`,
  );
if (composition.gzip > GZIP_TARGET)
  failures.push(`the script is ${composition.gzip} bytes gzip, over the ${GZIP_TARGET}-byte target`);
if (content)
  failures.push(
    'the script carries a release text: release content must ship as text modules beside it or in the bucket',
  );
if (nodeImports.length)
  failures.push(`the script imports ${[...new Set(nodeImports)].join(', ')}: the Worker runs without nodejs_compat`);
if (failures.length) {
  for (const f of failures) console.error(`check:bundle: ${f}`);
  process.exitCode = 1;
} else console.log('check:bundle: met');
