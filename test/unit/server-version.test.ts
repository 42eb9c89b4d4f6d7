import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { SERVER_VERSION } from '../../src/core/server-version.js';

describe('server version', () => {
  it("is package.json's version", () => {
    expect(SERVER_VERSION).toBe(pkg.version);
  });
});
