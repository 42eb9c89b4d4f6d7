import { describe, expect, it } from 'vitest';
import { TOOL_DESCRIPTORS } from '../../src/tools/kernel/descriptors.js';
import { describeTools } from '../../src/tools/kernel/describe.js';
import { TOOLS } from '../../src/tools/kernel/registry.js';

describe('shipped tool descriptors', () => {
  it("are what the tools' schemas give today (else run `npm run gen`)", () => {
    expect(TOOL_DESCRIPTORS).toEqual(describeTools(TOOLS));
  });
});
