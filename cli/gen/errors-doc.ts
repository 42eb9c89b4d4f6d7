import {
  bodyTooLarge,
  elementIdsTooMany,
  elementNotFound,
  forbiddenOrigin,
  internalError,
  notAcceptable,
  rateLimited,
  timeout,
  unknownVersion,
  upstreamError,
} from '../../src/core/error-catalogue.js';
import type { ErrorItem } from '../../src/core/envelope.js';
import {
  DATACHAIN_CODES,
  DATACHAIN_TEXTS,
  TRANSPORT_CODES,
  TRANSPORT_TEXTS,
  type ErrorCode,
} from '../../src/core/errors.js';
import { TOOLS } from '../../src/tools/kernel/registry.js';
import { MODERN_RPC } from '../../src/mcp/era-2026-07-28-rules.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { servedVersionIds } from '../../src/store/store.js';
import { RPC } from '../../src/mcp/jsonrpc.js';
import { CAP_USES, CAPS } from '../../src/domain/caps.js';
import { MAX_FINDINGS } from '../../src/services/validator/finding.js';
import { CASES } from '../../test/fixtures/datachains/cases.js';
import { runCase } from '../../test/fixtures/datachains/run.js';

/** The JSON-RPC error codes of /mcp, with the HTTP status each era answers them with. */
function rpcCodesSection(): string[] {
  const rows: Array<[number, string, string, string]> = [
    [RPC.PARSE_ERROR, 'Parse error: the body is not JSON, or not UTF-8; `data` is the error item', '400', '400'],
    [
      RPC.INVALID_REQUEST,
      'Invalid Request: not a JSON-RPC message (or an empty or oversized batch); `data` is the error item, `path` the bad member',
      '400',
      '400',
    ],
    [
      RPC.METHOD_NOT_FOUND,
      'Method not found (2026-07-28: also `initialize`, `ping`, `logging/setLevel`); `data.fix_hint` lists the methods served',
      '200',
      '404',
    ],
    [
      RPC.INVALID_PARAMS,
      'Invalid params, an unknown tool, prompt or resource; `data` is the error item (resources/read adds the `uri` it could not read)',
      '200',
      '200; 400 when refused before its method runs (`_meta` without its revision or client capabilities, a missing or non-string `params.name` or `params.uri`)',
    ],
    [RPC.INTERNAL_ERROR, 'Internal error; `data.request_id` to report', '200', '200'],
    [
      RPC.SERVER_ERROR,
      'A transport refusal (origin, media type, size, rate), or a fault while answering (storage, time budget); `data` is the error item',
      'its status',
      'its status',
    ],
    [MODERN_RPC.HEADER_MISMATCH, 'HeaderMismatch: a required header is missing or differs from the body', '-', '400'],
    [MODERN_RPC.UNSUPPORTED_VERSION, 'UnsupportedProtocolVersion: `data` is `{supported, requested}`', '-', '400'],
  ];
  return [
    '## JSON-RPC error codes on /mcp',
    '',
    'A tool that fails answers the envelope above inside its result; the protocol itself answers these codes. Tool',
    'errors and these codes are the same in both eras; only the HTTP status differs where the 2026-07-28 revision says so.',
    '',
    '| Code | Meaning | HTTP (2025 era) | HTTP (2026-07-28) |',
    '|---|---|---|---|',
    ...rows.map(([code, meaning, old, modern]) => `| ${code} | ${meaning} | ${old} | ${modern} |`),
    '',
  ];
}

/** Examples of transport errors, as the server words them. */
const TRANSPORT_EXAMPLES: Record<keyof typeof TRANSPORT_CODES, ErrorItem> = {
  bad_request: {
    code: 'bad_request',
    message: "'20260812' is not YYYY-MM-DD or YYYY-MM-DD-beta.",
    path: 'version',
    fix_hint:
      "Use the canonical '<type>@YYYY-MM-DD[-beta]' form or an alias such as 'ai@latest' or 'dtpr@latest-beta'; list_schema_versions lists them.",
  },
  invalid_arguments: {
    code: 'invalid_arguments',
    message: "Unknown key 'locale'.",
    path: 'locale',
    fix_hint: 'Remove it or use one of the allowed keys: version, datachain.',
  },
  not_found: {
    code: 'not_found',
    message: 'No route for GET /api/v2/nope.',
    fix_hint: 'See GET /api/v2/openapi.json for the routes, or POST JSON-RPC to /mcp.',
  },
  method_not_allowed: {
    code: 'method_not_allowed',
    message: 'Method GET is not allowed on this route.',
    fix_hint: 'Use POST.',
  },
  not_acceptable: notAcceptable(),
  unknown_version: unknownVersion('ai@2099-01-01', servedVersionIds(catalogueStore().index())),
  element_not_found: elementNotFound('missing_element', 'ai@2026-08-12', 'element_id'),
  unknown_variant: {
    code: 'unknown_variant',
    message: "Variant 'sepia' is not defined for element 'input_biometric'.",
    path: 'variant',
    fix_hint:
      'Use one of: default, dark, de_identified, de_identified.dark, pseudonymous, pseudonymous.dark, identifiable, identifiable.dark.',
  },
  element_ids_too_many: elementIdsTooMany(120, 100),
  payload_too_large: bodyTooLarge(65_536),
  unsupported_media_type: {
    code: 'unsupported_media_type',
    message: "Content-Type must be application/json (got 'text/plain').",
    fix_hint: 'Send the JSON-RPC message with Content-Type: application/json.',
  },
  forbidden_origin: forbiddenOrigin('https://evil.example'),
  rate_limited: rateLimited('validate'),
  timeout: timeout(5000),
  upstream_error: upstreamError('3f1c…'),
  internal_error: internalError('3f1c…'),
};

/** The tools that declare a code soft (their `soft` list), in tools/list order. */
const softIn = (code: ErrorCode) => TOOLS.filter((t) => t.softCodes.has(code)).map((t) => `\`${t.name}\``);
const mcp = (code: ErrorCode) => {
  const soft = softIn(code);
  if (soft.length === 0) return '`isError: true`';
  const others = TOOLS.length - soft.length;
  return `soft in ${soft.join(', ')}${others ? '; `isError: true` elsewhere' : ''}`;
};
const http = (code: ErrorCode, status: number) => (softIn(code).length ? `${status}; 200 where soft` : String(status));
const yes = (b: boolean) => (b ? 'yes' : 'no');
const json = (v: unknown) => `\`\`\`json\n${JSON.stringify(v, null, 2)}\n\`\`\``;

/** The first finding each datachain code produces on its fixture, through the real tool handlers. */
async function datachainExamples(): Promise<Map<string, { tool: string; item: ErrorItem }>> {
  const out = new Map<string, { tool: string; item: ErrorItem }>();
  for (const c of CASES) {
    if (out.has(c.code)) continue;
    const env = (await runCase(c)).envelope;
    const items = env.ok ? (env.data as { warnings: ErrorItem[] }).warnings : env.errors;
    const item = items.find((f) => f.code === c.code);
    if (item) out.set(c.code, { tool: c.tool, item });
  }
  return out;
}

/** docs/errors.md, generated from the catalogue in src/core/errors.ts and the datachain fixtures. */
export async function renderErrorsDoc(): Promise<string> {
  const examples = await datachainExamples();
  const lines: string[] = [
    '# Error codes',
    '',
    "<!-- Generated by `npm run gen` from src/core/errors.ts and the tools' `soft` lists; do not edit by hand. -->",
    '',
    'Every failed answer is `{"ok": false, "errors": [{code, message, path?, fix_hint?, retryable?, severity?}], "meta": {...}}`,',
    'on MCP (as `structuredContent` and as JSON text) and on REST (as the body). The code and the tool that answers it decide the rest:',
    '',
    "- **HTTP**: the REST status of a hard failure (the first hard error's code). Soft answers are 200.",
    '- **MCP**: `isError: true` for hard failures (the call could not be answered as asked). Each tool declares the codes it',
    "  answers softly (`ok: false` without `isError`): results about the caller's data, to read and act on. An answer is soft",
    '  when every error in it has such a code; the columns below name the tools.',
    '- **Retryable**: `retryable: true` is set on the error; the same call may succeed later.',
    "- `path` is a JSON path into the caller's payload (`elements[3].variables[0].value`); `fix_hint` says what to change.",
    '',
    '## Transport and argument errors',
    '',
    '| Code | Severity | HTTP | MCP | Retryable | Meaning |',
    '|---|---|---|---|---|---|',
  ];
  for (const [code, p] of Object.entries(TRANSPORT_CODES) as Array<
    [ErrorCode, (typeof TRANSPORT_CODES)[keyof typeof TRANSPORT_CODES]]
  >) {
    lines.push(
      `| \`${code}\` | error | ${http(code, p.status)} | ${mcp(code)} | ${yes(p.retryable)} | ${TRANSPORT_TEXTS[code as keyof typeof TRANSPORT_TEXTS]} |`,
    );
  }
  lines.push('', '### Examples', '');
  for (const [code, item] of Object.entries(TRANSPORT_EXAMPLES)) {
    lines.push(`#### \`${code}\``, '', json(item), '');
    // The other form: a release whose stored copy is damaged, which no retry mends.
    if (code === 'upstream_error')
      lines.push(
        '#### `upstream_error` (a damaged release: not retryable)',
        '',
        json(upstreamError('3f1c…', 'ai@2026-05-06-beta')),
        '',
      );
  }
  const fat = CASES.find((c) => c.code === 'payload_too_large');
  if (fat) {
    const env = (await runCase(fat)).envelope;
    if (!env.ok) lines.push('#### `payload_too_large` (soft, resolve_datachain)', '', json(env.errors[0]), '');
  }
  lines.push(...rpcCodesSection());
  lines.push(
    '## Limits',
    '',
    'Every caller string that reaches a rule has a length cap, so no request does unbounded work; a value over its cap is a',
    '`parse_error` (in a datachain) or `invalid_arguments` (a tool argument) with its `path` and a `fix_hint` to shorten it.',
    '',
    '| Cap | Characters | Applies to |',
    '|---|---|---|',
    ...(Object.keys(CAPS) as Array<keyof typeof CAPS>).map((k) => `| ${k} | ${CAPS[k]} | ${CAP_USES[k]} |`),
    '',
    `Answers are bounded too: a datachain answer lists at most ${MAX_FINDINGS} errors and ${MAX_FINDINGS} warnings and counts the`,
    'rest in `meta.truncated`; the answers of one `/mcp` batch take at most `BATCH_ANSWER_BYTES` (1 MiB), and each message',
    'past it gets a JSON-RPC error whose `data.code` is `payload_too_large` instead of being run. Synchronous work checks its',
    'time budget as it goes and stops with `timeout` (see decision 017).',
    '',
    '## Datachain findings',
    '',
    'Answers of `validate_datachain`, `resolve_datachain`, `validate_resolved` and `render_datachain` about the datachain itself.',
    'All are soft (HTTP 200, no `isError`) and carry a fixed `severity`. Errors make the datachain invalid (`ok: false`,',
    'listed in `errors`); warnings do not (listed in `data.warnings` of a valid answer, and as `"code: message"` strings in',
    '`meta.warnings` of every answer). A datachain whose shape is wrong is answered with every `parse_error` it has; once its',
    'shape is right, every rule runs on every call, and one answer lists every problem with its content, each once.',
    '',
    '| Code | Severity | HTTP | MCP | Retryable | Meaning | Fix |',
    '|---|---|---|---|---|---|---|',
  );
  for (const [code, p] of Object.entries(DATACHAIN_CODES) as Array<
    [ErrorCode, (typeof DATACHAIN_CODES)[keyof typeof DATACHAIN_CODES]]
  >) {
    const treatment =
      p.severity === 'warning' ? `${mcp(code)}; a warning alone keeps the answer \`ok: true\`` : mcp(code);
    lines.push(
      `| \`${code}\` | ${p.severity} | 200 | ${treatment} | ${yes(p.retryable)} | ${DATACHAIN_TEXTS[code as keyof typeof DATACHAIN_TEXTS].summary} | ${DATACHAIN_TEXTS[code as keyof typeof DATACHAIN_TEXTS].fix} |`,
    );
  }
  lines.push(
    '',
    '`snapshot_drift` is an error: a resolved datachain whose snapshot no longer matches the version it pins would show',
    'people text that is not the published schema. It is checked only when this server serves the pinned version, and',
    'every drifting item is reported (the datachain type, each category, each element).',
    '',
    '### Examples',
    '',
    'Produced by the test fixtures (`test/fixtures/datachains/cases.ts`) through the real tool handlers.',
    '',
  );
  for (const code of Object.keys(DATACHAIN_CODES)) {
    const ex = examples.get(code);
    if (!ex) throw new Error(`no fixture produces ${code}`);
    lines.push(`#### \`${code}\` (${ex.tool})`, '', json(ex.item), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
