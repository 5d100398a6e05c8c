import { describe, expect, it } from 'vitest';
import { tokenize } from './normalize-text';

const words = (value: string) => tokenize(value, false).map((t) => t.norm);
/** Each token with the part of the original value its offsets cover. */
const spans = (value: string) => tokenize(value, true).map((t) => [t.norm, value.slice(t.start, t.ends[t.ends.length - 1])]);

describe('tokenize', () => {
  it('folds case and accents in Latin, Greek and Cyrillic text', () => {
    expect(words('Mémoires à Besançon, İstanbul')).toEqual(['memoires', 'a', 'besancon', 'istanbul']);
    // Upper-case Greek lowers its last sigma to σ; the final ς is folded to meet it.
    expect(words('ΣΑΝΤΟΡΊΝΗ Οδυσσέας ΟΔΥΣΣΕΑΣ')).toEqual(['σαντορινη', 'οδυσσεασ', 'οδυσσεασ']);
    expect(words('Детство в ЛЕНИНГРАДЕ')).toEqual(['детство', 'в', 'ленинграде']);
  });

  it('drops harakat, shadda and niqqud and folds Arabic spelling variants', () => {
    expect(words('حكايةُ جدّتي في القاهرة')).toEqual(['حكايه', 'جدتي', 'في', 'القاهره']);
    expect(words('أمّي كـتاب مستشفى ٱلقاهرة')).toEqual(['امي', 'كتاب', 'مستشفي', 'القاهره']);
    expect(words('נֹעָה שָׁלוֹם')).toEqual(['נעה', 'שלום']);
  });

  it('splits scripts written without spaces into words', () => {
    expect(words('我在北京的童年')).toEqual(['我在', '北京', '的', '童年']);
    expect(words('東京で生まれた私の人生')).toEqual(['東京', 'で', '生まれ', 'た', '私', 'の', '人生']);
    expect(words('ชีวิตของฉันที่เชียงใหม่')).toEqual(['ชีวิต', 'ของ', 'ฉัน', 'ที่', 'เชียงใหม่']);
    // Latin letters joined to Chinese ones part where the script changes.
    expect(words('iPhone手机')).toEqual(['iphone', '手机']);
  });

  it('keeps the marks that are vowels or voicing (Thai, Hindi, kana) so that different words stay apart', () => {
    expect(words('ปู่ ป')).toEqual(['ปู่', 'ป']);
    expect(words('की क')).toEqual(['की', 'क']);
    expect(words('で て')).toEqual(['で', 'て']);
  });

  it('keeps offsets into the original text', () => {
    expect(spans('🌊 我在北京的童年')).toEqual([
      ['我在', '我在'],
      ['北京', '北京'],
      ['的', '的'],
      ['童年', '童年'],
    ]);
    expect(spans('جدّتي')).toEqual([['جدتي', 'جدّتي']]);
    expect(spans('Señora anna_k')).toEqual([
      ['senora', 'Señora'],
      ['anna_k', 'anna_k'],
      ['anna', 'anna'],
      ['k', 'k'],
    ]);
  });
});
