import { describe, expect, it } from 'vitest';
import { summariserCategoryNames } from '../../providers/summary/category-names.js';
import { newCategoryRows, shippedArabicNames } from './shipped-arabic-names.js';

describe('the Arabic category names the site ships', () => {
  it('name every category the extractive summariser gives, in Arabic script, each distinct', () => {
    const shipped = shippedArabicNames();
    expect(summariserCategoryNames().filter((name) => !shipped.has(name))).toEqual([]);
    for (const [name, nameAr] of shipped) expect(nameAr, name).toMatch(/^[\p{Script=Arabic}\p{Mn}\s]+$/u);
    expect(new Set(shipped.values()).size).toBe(shipped.size);
  });

  it('go with a new category of a shipped name, and none with another', () => {
    expect(newCategoryRows(['Robotics', 'Quantum Knitting'], 'now')).toEqual([
      { name: 'Robotics', name_ar: 'الروبوتات', created_at: 'now' },
      { name: 'Quantum Knitting', name_ar: null, created_at: 'now' },
    ]);
  });

  it('are never stored with a name that breaks the rule of category names, whichever writer sends it', () => {
    for (const name of ['A\u001fB', 'x'.repeat(101), ' Padded', ''])
      expect(() => newCategoryRows(['Robotics', name], 'now'), JSON.stringify(name)).toThrow('Not a category name');
  });
});
