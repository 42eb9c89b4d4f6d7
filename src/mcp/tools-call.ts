import { unknownName } from '../core/error-catalogue.js';
import * as z from 'zod';
import type { Envelope } from '../core/envelope.js';
import { callTool as runPipeline } from '../tools/kernel/invoke.js';
import { PreparedAnswer } from '../tools/kernel/prepared.js';
import { toolDescriptors } from '../tools/kernel/descriptors.js';
import { findTool, TOOL_NAMES } from '../tools/kernel/registry.js';
import { type MethodHandler, REPLY } from './context.js';
import { JsonText, SerializedEnvelope } from './encode.js';
import { InvalidParams, parseParams } from './jsonrpc.js';
import { presentation } from './present.js';
import { singlePage } from './single-page.js';
import { perOrigin, toolIcons } from './icons.js';

const CallParams = z.looseObject({ name: z.string().min(1), arguments: z.unknown().optional() });

/**
 * The keys the revisions served define in tools/call's params. `task` (2025-11-25) and
 * `inputResponses` / `requestState` (2026-07-28) answer requests this server never makes, so they
 * are read as absent, as those revisions say. A key none of them defines is ignored too, as
 * MCP asks of unrecognised information, but not silently: the answer warns of it, since a
 * misspelt `arguments` would otherwise run the tool without its arguments unremarked.
 */
const CALL_KEYS = ['name', 'arguments', '_meta', 'task', 'inputResponses', 'requestState'];

/** A warning per params key no revision defines; none (the common case) allocates nothing. */
function unknownKeyWarnings(params: unknown): string[] | undefined {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  let warnings: string[] | undefined;
  for (const key in params) {
    if (CALL_KEYS.includes(key)) continue;
    const shown = key.length > 64 ? `${key.slice(0, 64)}…` : key;
    const where =
      'arguments' in params
        ? 'tools/call does not define it'
        : "tools/call does not define it; a tool's arguments go in params.arguments";
    (warnings ??= []).push(`unknown_key: params.${shown} is ignored: ${where}.`);
  }
  return warnings;
}

/**
 * The descriptors with their icons (none when no release is served to draw them from), written as
 * JSON once per icon release and origin: about 100 KB that tools/list would otherwise write again
 * on every request (29% of a warm tools/list's CPU in the isolate).
 */
const toolsWithIcons = perOrigin(
  (store, origin) =>
    new JsonText(
      JSON.stringify(
        toolDescriptors().map((t) => {
          const icons = toolIcons(store, origin, t.name);
          return icons.length ? { ...t, icons } : t;
        }),
      ),
    ),
);

export const listTools: MethodHandler = (params, ctx) => {
  singlePage(params, 'tools/list');
  return { tools: toolsWithIcons(ctx.caller.store, ctx.caller.origin) };
};

/** The MCP wrapping of an envelope: the same JSON as text and as structured content, serialised once. */
function wrapEnvelope(envelope: Envelope, hard: boolean, extra: Record<string, unknown>) {
  const text = JSON.stringify(envelope);
  return {
    content: [{ type: 'text', text }],
    structuredContent: new SerializedEnvelope(text),
    ...(hard ? { isError: true } : {}),
    ...extra,
  };
}

/** The MCP wrapping of a prepared answer: nothing is serialised again but the request id. */
function wrapPrepared(answer: PreparedAnswer, requestId: string) {
  const text = answer.json(requestId);
  return { content: [{ type: 'text', text }], structuredContent: new SerializedEnvelope(text, { answer, requestId }) };
}

/** tools/call: the call pipeline, then the MCP wrapping and the tool's presenter. */
export const callTool: MethodHandler = async (params, ctx) => {
  const p = parseParams(CallParams, params);
  const tool = findTool(p.name);
  if (!tool) {
    throw new InvalidParams(
      unknownName('tool', p.name, 'params.name', `Call tools/list; available tools: ${TOOL_NAMES.join(', ')}.`),
    );
  }
  const { requestId } = ctx.caller;
  const label = `tools/call:${tool.name}`;
  const called = await runPipeline(tool, p.arguments, ctx.caller);
  const ignored = unknownKeyWarnings(params);
  if (called instanceof PreparedAnswer) {
    if (!ignored) return { [REPLY]: true, result: wrapPrepared(called, requestId), effects: { label } };
    // A kept answer is shared text; one that must carry this call's warnings is rebuilt from it.
    const envelope = JSON.parse(called.json(requestId)) as Envelope;
    envelope.meta.warnings = [...ignored, ...(envelope.meta.warnings ?? [])];
    return { [REPLY]: true, result: wrapEnvelope(envelope, false, {}), effects: { label } };
  }
  if (ignored) called.envelope.meta.warnings = [...ignored, ...(called.envelope.meta.warnings ?? [])];
  called.envelope.meta.request_id = requestId;
  const result = wrapEnvelope(called.envelope, called.hard, presentation(tool.name, called));
  return { [REPLY]: true, result, effects: { label, rateLimited: called.rateLimited } };
};
