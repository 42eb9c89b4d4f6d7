import { FR } from './fr.js';
import { ES } from './es.js';
import { PT } from './pt.js';
import { FIL } from './fil.js';
import { KM } from './km.js';
import { VI } from './vi.js';
import { ZH_HANS } from './zh-Hans.js';
import { ZH_HANT } from './zh-Hant.js';
import { NL } from './nl.js';
import { DE } from './de.js';
import type { LocaleLabels } from './types.js';

/** Every locale's fixed wording but English's (whose tables give the shape), by locale code. */
export const LOCALE_LABELS: Readonly<Record<string, LocaleLabels>> = {
  fr: FR,
  es: ES,
  pt: PT,
  fil: FIL,
  km: KM,
  vi: VI,
  'zh-Hans': ZH_HANS,
  'zh-Hant': ZH_HANT,
  nl: NL,
  de: DE,
};
