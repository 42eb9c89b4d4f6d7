import './zod-jitless.js';
import { validateBenches } from './validate-cases.js';

/**
 * The validation benches with zod in its jitless mode, as the Workers runtime runs it.
 * Run: npx vitest bench --project cli --run bench/validate-jitless.bench.ts
 */
validateBenches('zod jitless');
