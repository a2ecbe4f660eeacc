import { describe, expect, it } from 'vitest';
import arCategories from '../locales/ar/admin-categories.json' with { type: 'json' };
import enCategories from '../locales/en/admin-categories.json' with { type: 'json' };
import { Texts } from './texts.js';

const texts = new Texts('ar', {
  en: {
    translation: { greeting: 'Hello, {{name}}', onlyEnglish: 'Only in English', steps: ['Sign in to {{siteName}}'] },
    admin: { title: 'Admin' },
    'admin-categories': enCategories,
  },
  ar: {
    translation: { greeting: 'مرحبًا، {{name}}', steps: ['سجّل الدخول إلى {{siteName}}'] },
    'admin-categories': arCategories,
  },
});

const translate = (locale: 'en' | 'ar', namespaces: string[], key: string, options = {}) =>
  texts.translate(locale, namespaces, key, options);

describe('plural texts', () => {
  it('take each of the six Arabic forms by the count', () => {
    const message = (count: number) => translate('ar', ['admin-categories'], 'deleteDialog.message', { count });
    expect(message(0)).toBe('لا تحمل أي ورقة هذا التصنيف.');
    expect(message(1)).toBe('ورقة واحدة تحمل هذا التصنيف؛ وتحتفظ بتصنيفاتها الأخرى.');
    expect(message(2)).toBe('ورقتان تحملان هذا التصنيف؛ وتحتفظان بتصنيفاتهما الأخرى.');
    expect(message(3)).toBe('3 أوراق تحمل هذا التصنيف؛ وتحتفظ بتصنيفاتها الأخرى.');
    expect(message(11)).toBe('11 ورقة تحمل هذا التصنيف؛ وتحتفظ بتصنيفاتها الأخرى.');
    expect(message(100)).toBe('100 ورقة تحمل هذا التصنيف؛ وتحتفظ بتصنيفاتها الأخرى.');
  });

  it('take the English one and other forms, and an English text of its own for zero', () => {
    const message = (count: number) => translate('en', ['admin-categories'], 'deleteDialog.message', { count });
    expect(message(0)).toBe('No paper carries this category.');
    expect(message(1)).toBe('1 paper carries this category; it keeps its other categories.');
    expect(message(2)).toBe('2 papers carry this category; they keep their other categories.');
  });

  it('fall back to the English other form when a count has no text of its own', () => {
    expect(translate('en', ['admin-categories'], 'list.count', { count: 0 })).toBe('0 categories');
  });
});

describe('interpolation', () => {
  it('puts each value in its placeholder and leaves a placeholder without a value visible', () => {
    expect(translate('ar', ['translation'], 'greeting', { name: 'ليلى' })).toBe('مرحبًا، ليلى');
    expect(translate('en', ['translation'], 'greeting')).toBe('Hello, {{name}}');
  });

  it("writes a number as a count grouped in the page's language, and text as given", () => {
    expect(translate('en', ['admin-categories'], 'list.count', { count: 42638 })).toBe('42,638 categories');
    expect(translate('ar', ['translation'], 'greeting', { name: 42638 })).toBe('مرحبًا، 42,638');
    expect(translate('en', ['translation'], 'greeting', { name: '2048' })).toBe('Hello, 2048');
  });

  it('fills the strings of a list read as a whole', () => {
    const steps = translate('ar', ['translation'], 'steps', { returnObjects: true, siteName: 'الموقع' });
    expect(steps).toEqual(['سجّل الدخول إلى الموقع']);
  });
});

describe('a missing text', () => {
  it('falls back to English when the language lacks it', () => {
    expect(translate('ar', ['translation'], 'onlyEnglish')).toBe('Only in English');
  });

  it('shows its key when no language has it', () => {
    expect(translate('ar', ['translation'], 'nowhere.at.all')).toBe('nowhere.at.all');
    expect(translate('ar', ['translation'], 'admin:nowhere')).toBe('nowhere');
  });
});

describe('namespaces', () => {
  it('are searched in the order given, or as the key or the ns option names them', () => {
    expect(translate('en', ['admin', 'translation'], 'onlyEnglish')).toBe('Only in English');
    expect(translate('en', ['translation'], 'admin:title')).toBe('Admin');
    expect(translate('en', ['translation'], 'title', { ns: 'admin' })).toBe('Admin');
  });
});

describe('the language shown', () => {
  it('tells its subscribers when it changes, and gives the direction of its script', () => {
    const shown = new Texts('en');
    const seen: string[] = [];
    shown.subscribe(() => seen.push(shown.language));
    expect(shown.dir()).toBe('ltr');
    shown.setLanguage('ar');
    shown.setLanguage('ar');
    expect(seen).toEqual(['ar']);
    expect(shown.dir()).toBe('rtl');
  });
});
