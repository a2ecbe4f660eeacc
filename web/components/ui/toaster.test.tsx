import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.js';
import { Toaster, toast } from './toaster.js';

const shownToasts = () => [...document.querySelectorAll('[data-sonner-toast]')];
const shownTexts = () => shownToasts().map((item) => item.textContent);

/** Raises a last, different toast and waits for it: every toast raised before it is on screen by then. */
async function settle() {
  act(() => {
    toast.info('Last one');
  });
  await screen.findByText('Last one');
}

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  // Toasts outlive a page in sonner's store: none reaches the next test.
  act(() => {
    toast.dismiss();
  });
  cleanup();
});

describe('toast', () => {
  it('shows one toast for a message raised twice', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Paper scraped and added to the queue');
    });
    await screen.findByText('Paper scraped and added to the queue');
    act(() => {
      toast.success('Paper scraped and added to the queue');
    });
    await settle();
    expect(shownTexts()).toEqual(['Last one', 'Paper scraped and added to the queue']);
  });

  it('replaces an older toast of the same text with the newest, whatever its kind', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
      toast.error('Saved');
    });
    await settle();
    const saved = shownToasts().filter((item) => item.textContent === 'Saved');
    expect(saved.map((item) => item.getAttribute('data-type'))).toEqual(['error']);
  });

  it('keeps one toast per distinct message', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Category created');
      toast.error('Failed to delete category');
      toast.success('Category created');
    });
    await settle();
    expect(shownTexts().sort()).toEqual(['Category created', 'Failed to delete category', 'Last one']);
  });
});
