import { validateBenches } from './validate-cases.js';

/**
 * Validation on a warm isolate (the release is parsed and its lookup tables built before timing
 * starts), with zod free to compile its parsers as Node allows. Target: under 1 ms per validation
 * of 100 placements. Run: npx vitest bench --project cli --run bench/validate.bench.ts
 */
validateBenches('zod JIT');
