import { describe, expect, it } from 'vitest';
import { cleanCategoryName, isCategoryName } from './paper-rules.js';

describe('category names', () => {
  it.each([
    ['Machine Learning', true],
    ['n'.repeat(100), true],
    ['وكلاء الذكاء الاصطناعي', true],
    ['', false],
    [' Machine Learning', false],
    ['n'.repeat(101), false],
    ['Agents\u001fTools', false],
    ['Agents\u001eTools', false],
    ['Agents\u0000', false],
    ['Agents\tTools', false],
    ['Agents\u007f', false],
    ['Agents\u009fTools', false],
  ])('%j is a category name: %s', (name, valid) => {
    expect(isCategoryName(name)).toBe(valid);
  });

  it.each([
    ['  Machine Learning ', 'Machine Learning'],
    ['Machine\u001fLearning\u001eتعلّم', 'Machine Learning تعلّم'],
    ['Tool\u0000 \n Use', 'Tool Use'],
    ['Machine  Learning', 'Machine Learning'],
    [`${'n'.repeat(100)}\u001f`, 'n'.repeat(100)],
    ['n'.repeat(101), null],
    ['\u001f\u001e ', null],
  ])('a model writing %j names the category %j', (raw, name) => {
    expect(cleanCategoryName(raw)).toBe(name);
  });
});
