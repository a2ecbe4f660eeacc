import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { requestsTo, setUpAdminScreen } from '../test/admin-screens.js';
import { apiError, jsonResponse } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { ManageCategoriesPage } from './admin-categories.js';

const fakeApi = setUpAdminScreen(['admin-categories']);

function serveCategories(
  initial: string[],
  arabicNames: Record<string, string> = {},
  paperCounts: Record<string, number> = {},
) {
  let names = [...initial];
  const arabic = new Map(Object.entries(arabicNames));
  fakeApi.handlers['GET /api/admin/categories'] = () =>
    jsonResponse(names.map((name) => ({ name, nameAr: arabic.get(name) ?? null, paperCount: paperCounts[name] ?? 0 })));
  fakeApi.handlers['POST /api/categories'] = ({ body }) => {
    const { name } = body as { name: string };
    const created = !names.includes(name);
    if (created) names = [...names, name].sort();
    return jsonResponse(
      { created, category: name, message: created ? 'Category created' : 'Category already exists' },
      created ? 201 : 200,
    );
  };
  return {
    remove: (name: string) => {
      names = names.filter((other) => other !== name);
    },
    rename: (name: string, newName: string) => {
      names = names.map((other) => (other === name ? newName : other)).sort();
    },
    /** Answers PUT /api/categories/{name} as the server does, keeping the Arabic name. */
    acceptArabicNames: (path: string, name: string) => {
      fakeApi.handlers[`PUT ${path}`] = ({ body }) => {
        const { nameAr } = body as { nameAr: string | null };
        if (nameAr === null) arabic.delete(name);
        else arabic.set(name, nameAr);
        return jsonResponse({ name, nameAr });
      };
    },
  };
}

const renderPage = () => renderRoute('/admin/categories', ManageCategoriesPage);
const list = async () => within(await screen.findByRole('list', { name: 'Categories' }));

describe('ManageCategoriesPage', () => {
  afterEach(async () => {
    await changeLocale('en');
  });

  it('lists the categories and adds a trimmed name, with a toast', async () => {
    serveCategories(['Agents', 'Reasoning'], { Reasoning: 'الاستدلال' });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Categories' })).toBeTruthy();
    expect((await list()).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'AgentsNo Arabic name: Arabic readers see the English nameRenameArabic nameDelete',
      'ReasoningالاستدلالRenameArabic nameDelete',
    ]);

    fireEvent.change(screen.getByLabelText('New category'), { target: { value: '  Robotics  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category "Robotics" created successfully')).toBeTruthy();
    expect(requestsTo(fakeApi, 'POST', '/api/categories').map((request) => request.body)).toEqual([
      { name: 'Robotics' },
    ]);
    await waitFor(async () => expect((await list()).getByText('Robotics')).toBeTruthy());
    expect((screen.getByLabelText('New category') as HTMLInputElement).value).toBe('');
  });

  it('refuses an empty name without asking the server', async () => {
    serveCategories([]);
    renderPage();
    expect(await screen.findByText('No categories yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New category'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a category name');
    expect(requestsTo(fakeApi, 'POST', '/api/categories')).toEqual([]);
  });

  it('says when the name exists already', async () => {
    serveCategories(['Agents']);
    renderPage();
    await list();
    fireEvent.change(screen.getByLabelText('New category'), { target: { value: 'Agents' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category "Agents" already exists')).toBeTruthy();
  });

  it('asks first, saying how many papers carry the category; Cancel deletes nothing', async () => {
    serveCategories(['Agents', 'Reasoning'], {}, { Agents: 3, Reasoning: 1 });
    renderPage();
    fireEvent.click((await list()).getByRole('button', { name: 'Delete category Agents' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the category "Agents"?' });
    expect(within(dialog).getByText('3 papers carry this category; they keep their other categories.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click((await list()).getByRole('button', { name: 'Delete category Reasoning' }));
    expect(screen.getByText('1 paper carries this category; it keeps its other categories.')).toBeTruthy();
    expect(requestsTo(fakeApi, 'DELETE', '/api/categories/Agents')).toEqual([]);
  });

  it('says in Arabic how many papers carry the category, with the plural form each number takes', async () => {
    await changeLocale('ar');
    await loadNamespaces(['admin-categories']);
    serveCategories(['A', 'B', 'C', 'D'], {}, { A: 2, B: 3, C: 11, D: 100 });
    renderPage();
    const expected = {
      A: 'ورقتان تحملان هذا التصنيف؛ وتحتفظان بتصنيفاتهما الأخرى.',
      B: '3 أوراق تحمل هذا التصنيف؛ وتحتفظ بتصنيفاتها الأخرى.',
      C: '11 ورقة تحمل هذا التصنيف؛ وتحتفظ بتصنيفاتها الأخرى.',
      D: '100 ورقة تحمل هذا التصنيف؛ وتحتفظ بتصنيفاتها الأخرى.',
    };
    for (const [name, message] of Object.entries(expected)) {
      const categories = within(await screen.findByRole('list', { name: 'التصنيفات' }));
      fireEvent.click(categories.getByRole('button', { name: `حذف التصنيف ${name}` }));
      const dialog = screen.getByRole('dialog', { name: `حذف التصنيف "${name}"؟` });
      expect(within(dialog).getByText(message)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it('deletes a category once confirmed, a slash in its name encoded, and lists the rest', async () => {
    const server = serveCategories(['Agents/Tools', 'Reasoning']);
    fakeApi.handlers['DELETE /api/categories/Agents%2FTools'] = () => {
      server.remove('Agents/Tools');
      return jsonResponse({ success: true, message: 'Category deleted' });
    };
    renderPage();
    fireEvent.click((await list()).getByRole('button', { name: 'Delete category Agents/Tools' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the category "Agents/Tools"?' });
    expect(within(dialog).getByText('No paper carries this category.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category "Agents/Tools" deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect((await list()).queryByText('Agents/Tools')).toBeNull());
  });

  it('keeps the dialog open saying why when the delete fails; toasts a failed fetch, and Refresh asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['GET /api/admin/categories'] = () => apiError(503, 'unavailable', 'Down.');
    renderPage();
    expect(await screen.findByText('Failed to fetch categories')).toBeTruthy();

    serveCategories(['Agents']);
    fakeApi.handlers['DELETE /api/categories/Agents'] = () => apiError(404, 'not_found', 'Category not found');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    fireEvent.click((await list()).getByRole('button', { name: 'Delete category Agents' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(
      'Failed to delete category',
    );
    expect((await list()).getByText('Agents')).toBeTruthy();
  });

  it('gives a category its Arabic name, trimmed, and removes it when the field is left empty', async () => {
    const server = serveCategories(['Agents/Tools']);
    server.acceptArabicNames('/api/categories/Agents%2FTools', 'Agents/Tools');
    renderPage();
    fireEvent.click((await list()).getByRole('button', { name: 'Edit the Arabic name of Agents/Tools' }));
    const field = screen.getByLabelText('Arabic name of Agents/Tools') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('dir')).toBe('rtl');
    fireEvent.change(field, { target: { value: '  الوكلاء والأدوات ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Arabic name of "Agents/Tools" saved')).toBeTruthy();
    await waitFor(async () => expect((await list()).getByText('الوكلاء والأدوات')).toBeTruthy());
    expect(screen.queryByLabelText('Arabic name of Agents/Tools')).toBeNull();

    fireEvent.click((await list()).getByRole('button', { name: 'Edit the Arabic name of Agents/Tools' }));
    const again = screen.getByLabelText('Arabic name of Agents/Tools') as HTMLInputElement;
    expect(again.value).toBe('الوكلاء والأدوات');
    fireEvent.change(again, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Arabic name of "Agents/Tools" removed')).toBeTruthy();
    expect(requestsTo(fakeApi, 'PUT', '/api/categories/Agents%2FTools').map((request) => request.body)).toEqual([
      { nameAr: 'الوكلاء والأدوات' },
      { nameAr: null },
    ]);
    await waitFor(async () => expect((await list()).queryByText('الوكلاء والأدوات')).toBeNull());
  });

  it('keeps the field open with what was typed when the save fails, and closes it on Cancel or Escape', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveCategories(['Agents']);
    fakeApi.handlers['PUT /api/categories/Agents'] = () => apiError(503, 'unavailable', 'Down.');
    renderPage();
    fireEvent.click((await list()).getByRole('button', { name: 'Edit the Arabic name of Agents' }));
    fireEvent.change(screen.getByLabelText('Arabic name of Agents'), { target: { value: 'الوكلاء' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save the Arabic name')).toBeTruthy();
    expect((screen.getByLabelText('Arabic name of Agents') as HTMLInputElement).value).toBe('الوكلاء');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Arabic name of Agents')).toBeNull();
    fireEvent.click((await list()).getByRole('button', { name: 'Edit the Arabic name of Agents' }));
    fireEvent.keyDown(screen.getByLabelText('Arabic name of Agents'), { key: 'Escape' });
    expect(screen.queryByLabelText('Arabic name of Agents')).toBeNull();
  });

  it('renames a category, trimmed, and refuses a name another category has, keeping the form open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = serveCategories(['Agents/Tools', 'Reasoning'], { 'Agents/Tools': 'الوكلاء' });
    fakeApi.handlers['PUT /api/categories/Agents%2FTools'] = ({ body }) => {
      const { name } = body as { name: string };
      if (name === 'Reasoning') return apiError(409, 'category_exists', 'Category "Reasoning" already exists');
      server.rename('Agents/Tools', name);
      return jsonResponse({ name, nameAr: 'الوكلاء' });
    };
    renderPage();
    fireEvent.click((await list()).getByRole('button', { name: 'Rename the category Agents/Tools' }));
    const field = screen.getByLabelText('Name of the category Agents/Tools') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('Agents/Tools');

    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a category name');
    fireEvent.change(field, { target: { value: 'Reasoning' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category "Reasoning" already exists')).toBeTruthy();
    expect((screen.getByLabelText('Name of the category Agents/Tools') as HTMLInputElement).value).toBe('Reasoning');
    expect(console.error).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '  AI Agents ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category "Agents/Tools" renamed to "AI Agents"')).toBeTruthy();
    await waitFor(async () => expect((await list()).getByText('AI Agents')).toBeTruthy());
    expect(screen.queryByLabelText('Name of the category Agents/Tools')).toBeNull();
    expect(requestsTo(fakeApi, 'PUT', '/api/categories/Agents%2FTools').map((request) => request.body)).toEqual([
      { name: 'Reasoning' },
      { name: 'AI Agents' },
    ]);
  });

  it('renames in Arabic too', async () => {
    await changeLocale('ar');
    await loadNamespaces(['admin-categories']);
    const server = serveCategories(['Agents']);
    fakeApi.handlers['PUT /api/categories/Agents'] = () => {
      server.rename('Agents', 'AI Agents');
      return jsonResponse({ name: 'AI Agents', nameAr: null });
    };
    renderPage();
    const categories = within(await screen.findByRole('list', { name: 'التصنيفات' }));
    fireEvent.click(categories.getByRole('button', { name: 'إعادة التسمية للتصنيف Agents' }));
    fireEvent.change(screen.getByLabelText('اسم التصنيف Agents'), { target: { value: 'AI Agents' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تمت إعادة تسمية التصنيف "Agents" إلى "AI Agents"')).toBeTruthy();
  });
});
