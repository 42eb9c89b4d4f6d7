import type { Era, HeaderReader } from './era.js';
import { ERA_2025 } from './era-2025.js';
import { ERA_2026_07_28 } from './era-2026-07-28.js';

/** The eras of POST /mcp, most specific first: the 2025 era answers whatever no other claims. */
const ERAS: readonly Era[] = [ERA_2026_07_28, ERA_2025];

/** The era a POST belongs to. */
export function eraOf(body: unknown, header: HeaderReader): Era {
  return ERAS.find((era) => era.claims(body, header)) ?? ERA_2025;
}

/** Every request header some era reads: what a CORS preflight of /mcp allows besides the media headers. */
export const ERA_REQUEST_HEADERS: readonly string[] = [...new Set(ERAS.flatMap((era) => era.requestHeaders))];
