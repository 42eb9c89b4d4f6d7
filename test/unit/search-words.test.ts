import { describe, expect, it } from 'vitest';
import { termProcessor } from '../../src/services/search/text.js';
import { queryWordsOf, wordsOf } from '../../src/services/search/words.js';

const CAMERA_KM = 'កាមេរ៉ា';

describe('how each locale cuts text into words', () => {
  it('keeps Vietnamese syllables and adds each pair of neighbours, never across punctuation', () => {
    expect(wordsOf('vi')('Camera giám sát. Dữ liệu')).toEqual([
      'Camera',
      'giám',
      'sát',
      'Camera giám',
      'giám sát',
      'Dữ',
      'liệu',
      'Dữ liệu',
    ]);
  });
  it('puts decomposed tone marks back together, and keeps them', () => {
    const decomposed = 'dữ liệu'.normalize('NFD');
    expect(wordsOf('vi')(decomposed)).toContain('dữ liệu');
    expect(termProcessor('vi')('Dữ')).toBe('dữ');
    expect(termProcessor('es')('Cámaras')).toBe('cam');
  });
  it('drops a pair of two stop words but keeps a pair with one word that matters', () => {
    expect(termProcessor('vi')('của tôi')).toBeNull();
    expect(termProcessor('vi')('dữ liệu')).toBe('dữ liệu');
  });
  it('segments Chinese into words and their pairs', () => {
    const words = wordsOf('zh-Hans')('人脸识别');
    expect(words.join('')).toContain('识别');
    expect(words.some((w) => w.includes(' '))).toBe(true);
  });
  it('reads a Khmer subscript DA as the subscript TA people also type', () => {
    expect(wordsOf('km')('ស្ដុប')).toEqual(wordsOf('km')('ស្តុប'));
  });
  it("makes a query's Khmer words agree with the index whichever way this runtime segments them", () => {
    const whole = queryWordsOf('km', (w) => w === CAMERA_KM)(`${CAMERA_KM} ខ្លួន`);
    expect(whole).toContain(CAMERA_KM);
    const parts = queryWordsOf('km', (w) => w === 'កា' || w === 'មេរ៉ា')(CAMERA_KM);
    expect(parts).toEqual(expect.arrayContaining(['កា', 'មេរ៉ា']));
  });
});
