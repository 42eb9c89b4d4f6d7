import { ICON_ALIAS } from '../domain/bundle.js';
import type { Release } from '../store/release.js';
import type { SchemaStore } from '../store/store.js';

/**
 * Icons of the server, its tools, prompts and resources: our own composed DTPR element icons,
 * served by the REST icon route of the newest stable `ai` release the deployment ships, as absolute
 * URLs on the origin the client reached (so any client that can call the server can fetch them).
 * They come from the store's `shipped` catalogue (the embedded set), so they are the same on an
 * isolate's first request as on every later one, and no answer waits for the bucket's index for
 * them (decision 048); a deployment that ships no readable stable `ai` release draws them from
 * the whole catalogue. Stamping runs inside the release-loading seam, so a first request that
 * finds the release unread has it read (`ReleasePending`) and runs again. When its read fails the
 * store marks it unreadable and `ai@latest` names the next readable release; with no `ai@latest`,
 * icons come from the newest `ai` release this isolate holds, or there are none.
 */
const SERVER_ELEMENT = 'institution';

const TOOL_ELEMENTS: Record<string, string> = {
  list_schema_versions: 'inform',
  get_schema: 'inform',
  list_categories: 'inform',
  list_elements: 'search_retrieval',
  get_element: 'search_retrieval',
  get_elements: 'search_retrieval',
  validate_datachain: 'risk_assessment',
  resolve_datachain: 'risk_assessment',
  validate_resolved: 'risk_assessment',
  migrate_datachain: 'right_correction',
  render_datachain: 'right_access',
  get_icon_url: 'input_about_a_place',
};
const PROMPT_ELEMENT = 'people';
const RESOURCE_ELEMENT = 'right_access';

export interface Icon {
  src: string;
  mimeType: 'image/svg+xml';
  sizes: ['any'];
}

/**
 * The release icons are drawn from: `ai@latest` of the shipped catalogue, else of the whole one
 * (read when unread), else the newest held `ai` release (stable first).
 */
function iconRelease(store: SchemaStore): Release | undefined {
  const held = (id: string) => (store.peek ? store.peek(id) : store.release(id));
  const shipped = store.shipped?.();
  const target = shipped?.aliases[ICON_ALIAS];
  // The shipped `ai@latest` only when it is stable (with none readable it would name a beta).
  const ownStable = target !== undefined && shipped!.versions.some((v) => v.id === target && v.status === 'stable');
  const index = ownStable ? shipped! : store.index();
  const latest = index.aliases[ICON_ALIAS];
  const first = latest === undefined ? undefined : store.release(latest);
  if (first) return first;
  const candidates = index.versions
    .filter((v) => v.id.startsWith('ai@') && v.id !== latest)
    .sort((a, b) => (a.status === b.status ? (a.id < b.id ? 1 : -1) : a.status === 'stable' ? -1 : 1));
  for (const v of candidates) {
    const release = held(v.id);
    if (release) return release;
  }
  return undefined;
}

/** The icon list of an element of the icon release, or none when no release is held. */
function iconOf(store: SchemaStore, origin: string, element: string): Icon[] {
  const release = iconRelease(store);
  if (!release?.elementById.has(element)) return [];
  return [
    {
      src: `${origin}/api/v2/schemas/${release.id}/elements/${element}/icon.svg`,
      mimeType: 'image/svg+xml',
      sizes: ['any'],
    },
  ];
}

/**
 * `build(store, origin)` computed once per icon release and origin, then served again: the
 * lists that carry icons are built once per isolate and origin rather than per request.
 */
export function perOrigin<T>(
  build: (store: SchemaStore, origin: string) => T,
): (store: SchemaStore, origin: string) => T {
  const built = new WeakMap<object, Map<string, T>>();
  return (store, origin) => {
    const release = iconRelease(store);
    if (!release) return build(store, origin);
    let byOrigin = built.get(release);
    if (!byOrigin) built.set(release, (byOrigin = new Map()));
    let hit = byOrigin.get(origin);
    if (hit === undefined) {
      // A deployment answers on a handful of origins; a flood of Host values cannot grow this past 16.
      if (byOrigin.size >= 16) byOrigin.clear();
      byOrigin.set(origin, (hit = build(store, origin)));
    }
    return hit;
  };
}

export const serverIcons = (store: SchemaStore, origin: string) => iconOf(store, origin, SERVER_ELEMENT);
export const toolIcons = (store: SchemaStore, origin: string, tool: string) =>
  iconOf(store, origin, TOOL_ELEMENTS[tool] ?? SERVER_ELEMENT);
export const promptIcons = (store: SchemaStore, origin: string) => iconOf(store, origin, PROMPT_ELEMENT);
export const resourceIcons = (store: SchemaStore, origin: string) => iconOf(store, origin, RESOURCE_ELEMENT);
