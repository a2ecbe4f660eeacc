import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.js';
import { Pagination } from './pagination.js';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

function button(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

function numberedPages(): string[] {
  return screen
    .getAllByRole('button')
    .map((element) => element.textContent ?? '')
    .filter((text) => /^\d+$/.test(text));
}

describe('Pagination', () => {
  it('is hidden when there is only one page', () => {
    const { container } = render(<Pagination currentPage={1} totalPages={1} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('disables First and Previous on the first page', () => {
    render(<Pagination currentPage={1} totalPages={8} onPageChange={() => {}} />);
    expect(button('First').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    expect(button('Last').disabled).toBe(false);
  });

  it('disables Next and Last on the last page', () => {
    render(<Pagination currentPage={8} totalPages={8} onPageChange={() => {}} />);
    expect(button('First').disabled).toBe(false);
    expect(button('Previous').disabled).toBe(false);
    expect(button('Next').disabled).toBe(true);
    expect(button('Last').disabled).toBe(true);
  });

  it('shows a window of five pages with the current one highlighted', () => {
    render(<Pagination currentPage={6} totalPages={12} onPageChange={() => {}} />);
    expect(numberedPages()).toEqual(['4', '5', '6', '7', '8']);
    expect(button('6').getAttribute('aria-current')).toBe('page');
    expect(button('5').getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Page 6 of 12')).toBeTruthy();
  });

  it('shows every page when there are fewer than five', () => {
    render(<Pagination currentPage={2} totalPages={3} onPageChange={() => {}} />);
    expect(numberedPages()).toEqual(['1', '2', '3']);
  });

  it('can leave out First and Last', () => {
    render(<Pagination currentPage={2} totalPages={3} onPageChange={() => {}} showFirstLast={false} />);
    expect(screen.queryByRole('button', { name: 'First' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Last' })).toBeNull();
    expect(button('Previous').disabled).toBe(false);
    expect(button('Next').disabled).toBe(false);
  });

  it('reports the page chosen by each control', () => {
    const onPageChange = vi.fn();
    render(<Pagination currentPage={4} totalPages={9} onPageChange={onPageChange} />);
    fireEvent.click(button('First'));
    fireEvent.click(button('Previous'));
    fireEvent.click(button('5'));
    fireEvent.click(button('Next'));
    fireEvent.click(button('Last'));
    fireEvent.click(button('4'));
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([1, 3, 5, 5, 9]);
  });
});
