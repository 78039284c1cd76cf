import { afterEach, describe, expect, it, vi } from 'vitest';
import { countWords, isUnspaced, segmenterFor, splitSentences, words } from './words';

/** No lone surrogate: a character was not cut in two. */
const wellFormed = (w: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(w);
const segmented = (text: string, locale: string) => [...new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)].filter((s) => s.isWordLike).map((s) => s.segment);

describe('words', () => {
  it('finds the words of scripts written without spaces with the dictionary of Intl.Segmenter', () => {
    expect(words('東京に住んでいます', 'ja')).toEqual(segmented('東京に住んでいます', 'ja'));
    expect(words('東京に住んでいます', 'ja')).toContain('東京');
    expect(words('我们今天去北京大学', 'zh')).toEqual(['我们', '今天', '去', '北京', '大学']);
    expect(words('ภาษาไทยง่ายนิดเดียว', 'th')).toEqual(['ภาษา', 'ไทย', 'ง่าย', 'นิด', 'เดียว']);
    expect(countWords('ភាសាខ្មែរ', 'km')).toBeLessThan('ភាសាខ្មែរ'.length / 2);
    // Without the page's language the script alone sends the text to the segmenter.
    expect(words('我们今天去北京大学')).toEqual(['我们', '今天', '去', '北京', '大学']);
    expect(words('Visit 東京 and 大阪 in April', 'en')).toEqual(['Visit', '東京', 'and', '大阪', 'in', 'April']);
  });

  it('splits spaced scripts as Unicode word segmentation does', () => {
    const text = "Don't stop: U.S. e.g. 3.5 1,000 state-of-the-art e-mail हिन्दी भाषा l’incroyable Netan\u00ADyahu foo_bar Save70.com 10:30 a:b 👍🏽 ok";
    expect(words(text)).toEqual(segmented(text, 'en'));
    expect(words(text)).toEqual(["Don't", 'stop', 'U.S', 'e.g', '3.5', '1,000', 'state', 'of', 'the', 'art', 'e', 'mail', 'हिन्दी', 'भाषा', 'l’incroyable', 'Netan\u00ADyahu', 'foo_bar', 'Save70', 'com', '10', '30', 'a:b', 'ok']);
    expect(countWords(text)).toBe(23);
    expect(countWords('', 'en')).toBe(0);
  });

  it('segments a long unspaced text in pieces without changing the count or splitting a character', () => {
    const sentence = '東京都は十二日、給食費を無償にすると発表した。';
    const long = sentence.repeat(200);
    expect(countWords(long, 'ja')).toBe(countWords(sentence, 'ja') * 200);
    expect(words(long, 'ja')).toHaveLength(countWords(sentence, 'ja') * 200);
    // No break character at all: pieces are cut at a fixed length, never inside a surrogate pair.
    const astral = '𠮷'.repeat(601);
    const astralWords = words(astral, 'ja');
    expect(astralWords.join('')).toBe(astral);
    expect(astralWords.every((w) => wellFormed(w))).toBe(true);
    const pieces = words(`${'あ'.repeat(399)}𠮷${'い'.repeat(10)}`, 'ja');
    expect(pieces.every((w) => wellFormed(w))).toBe(true);
    expect(pieces.join('')).toContain('𠮷');
  });

  it('tells unspaced scripts apart and caches one segmenter per locale and granularity', () => {
    expect(isUnspaced('日本語')).toBe(true);
    expect(isUnspaced('ภาษาไทย')).toBe(true);
    expect(isUnspaced('한국어 문장')).toBe(false);
    expect(isUnspaced('English text')).toBe(false);
    expect(segmenterFor('ja', 'word')).toBe(segmenterFor('ja', 'word'));
    expect(segmenterFor('ja', 'word')).not.toBe(segmenterFor('ja', 'sentence'));
    expect(segmenterFor('ja', 'word')).not.toBe(segmenterFor('th', 'word'));
    expect(segmenterFor('ja', 'word').resolvedOptions().locale).toBe('ja');
    // A malformed lang attribute falls back to the root locale instead of throwing.
    expect(() => segmenterFor('not a locale!', 'word')).not.toThrow();
    expect(segmenterFor('not a locale!', 'word').resolvedOptions().granularity).toBe('word');
    expect(segmenterFor(null, 'sentence').resolvedOptions().granularity).toBe('sentence');
    // The cache is bounded: a flood of odd lang values does not grow it for ever.
    const first = segmenterFor('ko', 'word');
    for (let i = 0; i < 70; i++) segmenterFor(`odd lang ${i}`, 'word');
    expect(segmenterFor('ko', 'word')).not.toBe(first);
  });
});

describe('splitSentences', () => {
  it('ends sentences where Intl.Segmenter does, in every script', () => {
    expect(splitSentences('First one. Second one! Third?')).toEqual(['First one.', 'Second one!', 'Third?']);
    expect(splitSentences('Use a tool, e.g. this one. It helps.')).toEqual(['Use a tool, e.g. this one.', 'It helps.']);
    expect(splitSentences('It costs 3.5 million dollars.')).toEqual(['It costs 3.5 million dollars.']);
    expect(splitSentences('He said "stop." Then he left.')).toEqual(['He said "stop."', 'Then he left.']);
    expect(splitSentences('日本語です。二つ目です。', 'ja')).toEqual(['日本語です。', '二つ目です。']);
    expect(splitSentences('हिन्दी वाक्य। दूसरा वाक्य।', 'hi')).toEqual(['हिन्दी वाक्य।', 'दूसरा वाक्य।']);
    expect(splitSentences('هل هذا صحيح؟ نعم.', 'ar')).toEqual(['هل هذا صحيح؟', 'نعم.']);
  });

  it('keeps a one-sentence paragraph whole and splits at line breaks', () => {
    expect(splitSentences('  A single sentence without an end  ')).toEqual(['A single sentence without an end']);
    expect(splitSentences('Ends with marks?!” ')).toEqual(['Ends with marks?!”']);
    expect(splitSentences('Line one\nLine two')).toEqual(['Line one', 'Line two']);
    expect(splitSentences('   ')).toEqual([]);
  });

  it('does not end a sentence after a title or an initial', () => {
    expect(splitSentences('Mr. Smith went home. Then he slept.')).toEqual(['Mr. Smith went home.', 'Then he slept.']);
    expect(splitSentences('J. K. Rowling wrote it. Dr. Who? No.')).toEqual(['J. K. Rowling wrote it.', 'Dr. Who?', 'No.']);
    expect(splitSentences('See the chart (Fig. 3) for details. It is clear.')).toEqual(['See the chart (Fig. 3) for details.', 'It is clear.']);
    expect(splitSentences('The cat sat. It slept.')).toEqual(['The cat sat.', 'It slept.']);
  });

  it('splits a very long paragraph in pieces and still finds its sentences', () => {
    const sentence = 'This sentence is one of many in a very long paragraph about nothing at all. ';
    const long = sentence.repeat(100);
    const sentences = splitSentences(long);
    expect(sentences).toHaveLength(100);
    expect(new Set(sentences)).toEqual(new Set([sentence.trim()]));
    expect(sentences.join(' ').replace(/\s+/g, ' ')).toBe(long.trim());
  });
});

describe('without Intl.Segmenter', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('falls back to regular expressions: one word per Han or kana character, sentences at . ! ? and 。', async () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
    vi.resetModules();
    const fallback = await import('./words');
    expect(fallback.words('東京に住む')).toEqual(['東', '京', 'に', '住', 'む']);
    expect(fallback.countWords("Don't stop me now")).toBe(4);
    expect(fallback.splitSentences('First one. Second one! then 日本語です。二つ目')).toEqual(['First one.', 'Second one! then 日本語です。', '二つ目']);
  });
});
