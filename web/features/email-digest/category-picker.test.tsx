import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryRef } from '../../../common/papers.js';
import { changeLocale, initI18n, loadNamespaces } from '../../lib/i18n.js';
import { CategoryPicker } from './components/category-picker.js';

/** Real categories of the digest with the Arabic names the site ships, and one an admin left unnamed. */
const CATEGORIES: CategoryRef[] = [
  { name: 'AI Agents', nameAr: 'وكلاء الذكاء الاصطناعي' },
  { name: 'Computer Vision', nameAr: 'الرؤية الحاسوبية' },
  { name: 'Machine Learning', nameAr: 'تعلم الآلة' },
  { name: 'Multi-Agent Systems', nameAr: 'الأنظمة متعددة الوكلاء' },
  { name: 'Natural Language Processing', nameAr: 'معالجة اللغة الطبيعية' },
  { name: 'Reinforcement Learning', nameAr: 'التعلم المعزز' },
  { name: 'Robotics', nameAr: 'الروبوتات' },
  { name: 'Speech', nameAr: 'الكلام' },
  { name: 'Zeta Benchmarks', nameAr: null },
];

function Picker() {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <CategoryPicker available={CATEGORIES} selected={selected} onChange={setSelected} max={50} />
      <output aria-label="chosen">{selected.join(',')}</output>
    </>
  );
}

const listed = () => screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['email-digest']);
});
afterEach(async () => {
  cleanup();
  await act(() => changeLocale('en'));
});

describe('the categories to follow', () => {
  it('lists the Arabic names in Arabic order on Arabic pages, finds a category by either name, and saves its English name', async () => {
    await act(() => changeLocale('ar'));
    render(<Picker />);
    expect(listed()).toEqual(
      [
        'الأنظمة متعددة الوكلاء',
        'التعلم المعزز',
        'الروبوتات',
        'الرؤية الحاسوبية',
        'الكلام',
        'تعلم الآلة',
        'معالجة اللغة الطبيعية',
        'وكلاء الذكاء الاصطناعي',
        'Zeta Benchmarks',
      ].sort((a, b) => a.localeCompare(b, 'ar')),
    );

    const filter = screen.getByRole('searchbox');
    fireEvent.change(filter, { target: { value: 'وكلاء' } });
    expect(listed()).toEqual(['الأنظمة متعددة الوكلاء', 'وكلاء الذكاء الاصطناعي']);
    // Typed with a bare alef and without the hamza's seat, as many keyboards write it.
    fireEvent.change(filter, { target: { value: 'الالة' } });
    expect(listed()).toEqual(['تعلم الآلة']);
    fireEvent.change(filter, { target: { value: 'agent' } });
    expect(listed()).toEqual(['الأنظمة متعددة الوكلاء', 'وكلاء الذكاء الاصطناعي']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'وكلاء الذكاء الاصطناعي' }));
    expect(screen.getByRole('status', { name: 'chosen' }).textContent).toBe('AI Agents');
  });

  it('lists the English names in English and finds them by their Arabic names too', () => {
    render(<Picker />);
    expect(listed()).toEqual(CATEGORIES.map((category) => category.name));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'الروبوتات' } });
    expect(listed()).toEqual(['Robotics']);
  });
});
