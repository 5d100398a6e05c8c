import { describe, expect, it } from 'vitest';
import { languageDirection, storyLanguage } from './story-language';

describe('storyLanguage', () => {
  it('names the language of a story as a BCP 47 tag, two letters where there are', () => {
    expect(storyLanguage('حكاية جدتي', '<p>وُلدت في بيت صغير قرب النيل، وكانت جدتي تخبز الخبز لنا كل صباح.</p>')).toBe('ar');
    expect(storyLanguage('ירושלים שלי', '<p>נולדתי בירושלים וגדלתי בשכונה קטנה ליד השוק, עם סבתא וסבא.</p>')).toBe('he');
    expect(storyLanguage('我的童年', '<p>我出生在北京的一个小胡同里，每天早上奶奶都会给我们做早饭，然后送我去上学。</p>')).toBe('zh');
    expect(storyLanguage('Mi vida', '<p>Nací en un pueblo pequeño cerca del mar y cada verano íbamos a pescar con mi padre.</p>')).toBe(
      'es',
    );
    expect(storyLanguage('My life', '<p>I was born in a small village near the sea, and every summer we went fishing.</p>')).toBe('en');
  });

  it('answers und when the text is too short to tell', () => {
    expect(storyLanguage('Plain', '<p>Just one.</p>')).toBe('und');
    expect(storyLanguage('', '')).toBe('und');
  });

  it('reads only the start of a long story', () => {
    const opening =
      'I was born in a small village near the sea. My father was a fisherman and my mother kept the house, ' +
      'and every summer we went out with him in the boat before the sun came up over the water.';
    const long = `<p>${opening}</p>${'<p>x</p>'.repeat(200_000)}`;
    const started = performance.now();
    expect(storyLanguage('My life', long)).toBe('en');
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('languageDirection', () => {
  it('starts right-to-left languages on the right', () => {
    expect(['ar', 'he', 'fa', 'ur', 'yi'].map(languageDirection)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl']);
    expect(['en', 'es', 'zh', 'und'].map(languageDirection)).toEqual(['ltr', 'ltr', 'ltr', 'ltr']);
  });
});
