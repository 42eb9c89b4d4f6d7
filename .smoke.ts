import { CASES, VALID } from './test/fixtures/datachains/cases.js';
import { bases, invoke, runCase } from './test/fixtures/datachains/run.js';
const b = await bases();
for (const v of VALID) {
  const o = await invoke(v.tool, { version: v.version, datachain: v.build(b) });
  console.log('VALID', v.name, JSON.stringify(o.envelope).slice(0, 400));
}
for (const c of CASES) {
  const o = await runCase(c);
  const env: any = o.envelope;
  const codes = [...(env.errors ?? []).map((e: any) => e.code), ...(env.data?.warnings ?? []).map((e: any) => e.code)];
  const ok = codes.length === (c.count ?? 1) && codes.every((x: string) => x === c.code);
  console.log(ok ? 'OK  ' : 'FAIL', c.code, '|', c.name, ok ? '' : JSON.stringify(env.errors ?? env.data?.warnings ?? env.data).slice(0, 600));
  if (ok) console.log('     ', JSON.stringify((env.errors ?? env.data.warnings)[0]));
}
