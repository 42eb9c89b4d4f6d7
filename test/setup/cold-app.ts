import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, inject } from 'vitest';
import { INDEX_KEY } from '../../src/store/bucket.js';
import { coldApp } from '../helpers/cold.js';
import { serveWith } from '../helpers/http.js';

/**
 * Setup of every cold test file: the local `RELEASES` bucket holds what publishing every release
 * writes (objects first, the index last), and each test's requests go to a fresh app whose store
 * has read nothing yet.
 */
beforeAll(async () => {
  const objects = inject('releaseBucket');
  if (!objects) throw new Error('the cold project needs the release bucket objects of the global setup');
  const index = objects[INDEX_KEY];
  if (index === undefined) throw new Error(`the release bucket objects have no ${INDEX_KEY}`);
  if ((await env.RELEASES!.get(INDEX_KEY).then((o) => o?.text())) !== index) {
    for (const [key, text] of Object.entries(objects)) if (key !== INDEX_KEY) await env.RELEASES!.put(key, text);
    await env.RELEASES!.put(INDEX_KEY, index);
  }
});
beforeEach(() => serveWith(coldApp()));
