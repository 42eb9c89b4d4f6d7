import { describe, expect, it } from 'vitest';
import { toolDescriptors } from '../../src/tools/kernel/descriptors.js';
import { describeTools } from '../../src/tools/kernel/describe.js';
import { TOOLS } from '../../src/tools/kernel/registry.js';

describe('shipped tool descriptors', () => {
  it("are what the tools' schemas give today (else run `npm run gen`)", () => {
    expect(toolDescriptors()).toEqual(describeTools(TOOLS));
  });
});
