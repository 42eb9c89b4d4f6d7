import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/core/settings.js';
import { utf8Length } from '../../src/core/utf8.js';
import { answerBatch } from '../../src/mcp/batch.js';
import type { McpContext } from '../../src/mcp/context.js';
import type { Methods } from '../../src/mcp/dispatch.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { directCaller } from '../helpers/in-process.js';

/** An era with one method, `echo`, answering `{text}` of `n` copies of `char`; every call is counted. */
function echoEra() {
  const ran: number[] = [];
  const era: Methods = {
    methods: {
      echo: (params) => {
        const { n, char = 'a', tag } = params as { n: number; char?: string; tag: number };
        ran.push(tag);
        return { text: char.repeat(n) };
      },
    },
    stamp: (_method, _params, result) => result,
  };
  return { era, ran };
}

const ctx = (): McpContext => ({
  caller: { ...directCaller(catalogueStore()), takeToken: async () => true } as McpContext['caller'],
  sessionRecords: {} as KVNamespace,
  limits: DEFAULT_LIMITS,
});

const echo = (id: number, n: number, char = 'a') => ({
  jsonrpc: '2.0',
  id,
  method: 'echo',
  params: { n, char, tag: id },
});

/** The UTF-8 size of a batch answer of one `echo` of `n` copies of `char`, with id `id`. */
async function sizeOfOne(id: number, n: number, char = 'a'): Promise<number> {
  const { json } = await answerBatch([echo(id, n, char)], ctx(), echoEra().era, 1 << 20);
  return utf8Length(json!);
}

describe('the byte budget of a batch answer', () => {
  it('takes an answer that fits exactly, and refuses one byte more', async () => {
    const exact = await sizeOfOne(1, 100);
    const fits = await answerBatch([echo(1, 100)], ctx(), echoEra().era, exact);
    expect(utf8Length(fits.json!)).toBe(exact);
    expect(JSON.parse(fits.json!)[0].result.text).toHaveLength(100);
    const over = await answerBatch([echo(1, 100)], ctx(), echoEra().era, exact - 1);
    expect(JSON.parse(over.json!)[0].error.data.code).toBe('payload_too_large');
  });

  it('counts UTF-8 bytes, not characters', async () => {
    const bytes = await sizeOfOne(1, 100, 'é');
    expect(bytes).toBe((await sizeOfOne(1, 100)) + 100);
    const over = await answerBatch([echo(1, 100, 'é')], ctx(), echoEra().era, bytes - 1);
    expect(JSON.parse(over.json!)[0].error.data.code).toBe('payload_too_large');
  });

  it('keeps room for the refusals it still owes: the whole answer stays within the cap, and nothing runs after the cut', async () => {
    const { era, ran } = echoEra();
    const entries = [
      echo(1, 600),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      echo(2, 600),
      { not: 'a message' },
      echo(3, 600),
      echo(4, 600),
      echo(5, 600),
    ];
    const cap = 2600;
    const { json } = await answerBatch(entries, ctx(), era, cap);
    expect(utf8Length(json!)).toBeLessThanOrEqual(cap);
    const answers = JSON.parse(json!) as Array<{
      id: number | null;
      result?: unknown;
      error?: { code: number; data?: { code: string } };
    }>;
    // Every request and the invalid entry are answered, in order; the notification is not.
    expect(answers.map((a) => a.id)).toEqual([1, 2, null, 3, 4, 5]);
    const kept = answers.filter((a) => a.result).map((a) => a.id);
    const refused = answers.filter((a) => a.error?.data?.code === 'payload_too_large').map((a) => a.id);
    expect(kept.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect([...kept, ...refused].sort()).toEqual([1, 2, 3, 4, 5]);
    // Requests refused after the cut did not run; the one at the cut did.
    expect(ran).toEqual([...kept, refused[0]]);
  });
});
