import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../common/comment-rules.js';
import type { CommentPage } from '../../../common/comments.js';
import { changeLocale, initI18n, loadNamespaces } from '../../lib/i18n.js';
import { createQueryClient } from '../../lib/query-client.js';
import { installDialogPolyfill } from '../../test/dialog.js';
import { apiError, createFakeApi, jsonResponse } from '../../test/fake-api.js';
import { makeComment } from '../../test/papers.js';
import { commentKeys } from './api.js';
import { CommentComposer } from './components/comment-composer.js';

const fakeApi = createFakeApi();

beforeAll(async () => {
  installDialogPolyfill();
  await initI18n();
  await loadNamespaces(['comments']);
});
beforeEach(() => {
  fakeApi.reset();
  vi.stubGlobal('fetch', vi.fn(fakeApi.fetch));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderComposer() {
  const queryClient = createQueryClient();
  queryClient.setQueryData<CommentPage>(commentKeys.pages(7, 'newest'), {
    comments: [makeComment({ text: '<p>earlier</p>' })],
    nextCursor: null,
    total: 1,
  });
  const onPosted = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <CommentComposer paperId={7} onPosted={onPosted} />
    </QueryClientProvider>,
  );
  const editable = await screen.findByRole('textbox', { name: /Write a comment|اكتب تعليقًا/ });
  // TipTap leaves its editor on the editable element.
  const editor = (editable as HTMLElement & { editor: Editor }).editor;
  return { editor, onPosted, queryClient };
}

const posts = () => fakeApi.requests.filter((request) => request.method === 'POST');

function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const anImage = () => new File([new Uint8Array(10)], 'chart.png', { type: 'image/png' });

/** Picks an image and answers the question of what it shows. */
async function addImage(file: File, description = '') {
  pickFile(file);
  const dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
  fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: description } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add image' }));
}

describe('the comment editor', () => {
  it.each([
    ['empty', ''],
    ['blank after trimming', '<p>   </p><p> </p>'],
  ])('posts nothing when the comment is %s', async (_, html) => {
    const { editor } = await renderComposer();
    editor.commands.setContent(html);
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await Promise.resolve();
    expect(posts()).toEqual([]);
  });

  it('posts the formatted comment, then clears the editor and adds the comment at the top of the most recent', async () => {
    const posted = makeComment({
      id: 99,
      text: '<p><strong>Bold</strong> <span style="color: #e03131">red</span></p>',
    });
    fakeApi.handlers['POST /api/comments'] = () => jsonResponse(posted, 201);
    const { editor, onPosted, queryClient } = await renderComposer();
    editor.commands.setContent('<p>Bold red</p>');
    editor
      .chain()
      .setTextSelection({ from: 1, to: 5 })
      .toggleBold()
      .setTextSelection({ from: 6, to: 9 })
      .setColor('#e03131')
      .run();

    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(onPosted).toHaveBeenCalledWith(posted));
    expect(posts()).toHaveLength(1);
    const { paperId, text } = (posts()[0]?.body ?? {}) as { paperId?: number; text?: string };
    expect(paperId).toBe(7);
    const sent = document.createElement('div');
    sent.innerHTML = text ?? '';
    expect(sent.querySelector('strong')?.textContent).toBe('Bold');
    expect(sent.querySelector('span')?.style.color).toBe('rgb(224, 49, 49)');
    expect(editor.isEmpty).toBe(true);
    const newest = queryClient.getQueryData<CommentPage>(commentKeys.pages(7, 'newest'));
    expect(newest?.comments.map((comment) => comment.id)[0]).toBe(99);
    expect(newest?.total).toBe(2);
  });

  it('keeps the text and says so when the post fails', async () => {
    fakeApi.handlers['POST /api/comments'] = () => apiError(429, 'rate_limited', 'Too many requests.');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { editor } = await renderComposer();
    editor.commands.setContent('<p>Keep me</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(editor.getText()).toBe('Keep me');
  });

  it("says why a comment showing another account's image is refused, keeping the text", async () => {
    fakeApi.handlers['POST /api/comments'] = () => apiError(403, 'foreign_image', 'Not your image.');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { editor } = await renderComposer();
    editor.commands.setContent('<p>Borrowed</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A comment can show only images you uploaded. Remove the image someone else uploaded, or upload it yourself.',
    );
    expect(editor.getText()).toBe('Borrowed');
  });

  it.each([
    [
      'en',
      [
        'Bold',
        'Italic',
        'Underline',
        'Bulleted list',
        'Numbered list',
        'Align to the start',
        'Center',
        'Align to the end',
        'Text color',
        'Background color',
        'Add an image',
        'Clear formatting',
      ],
    ],
    [
      'ar',
      [
        'غامق',
        'مائل',
        'تسطير',
        'قائمة نقطية',
        'قائمة مرقّمة',
        'محاذاة إلى البداية',
        'توسيط',
        'محاذاة إلى النهاية',
        'لون النص',
        'لون الخلفية',
        'إضافة صورة',
        'مسح التنسيق',
      ],
    ],
  ] as const)('names every toolbar control in %s', async (locale, names) => {
    await changeLocale(locale);
    try {
      await renderComposer();
      const toolbar = screen.getByRole('toolbar', { name: locale === 'en' ? 'Formatting' : 'التنسيق' });
      const controls = [...toolbar.querySelectorAll('button, input:not([type=file])')];
      expect(controls.map((control) => control.getAttribute('aria-label'))).toEqual(names);
    } finally {
      await changeLocale('en');
    }
  });

  it('formats with the toolbar, whose controls the arrow keys move between', async () => {
    const { editor } = await renderComposer();
    editor.commands.setContent('<p>Hello</p>');
    editor.commands.selectAll();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bold);
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Center' }));
    fireEvent.change(within(toolbar).getByLabelText('Background color'), { target: { value: '#ffec99' } });
    const formatted = document.createElement('div');
    formatted.innerHTML = editor.getHTML();
    expect(formatted.querySelector('p')?.style.textAlign).toBe('center');
    expect(formatted.querySelector('strong')?.textContent).toBe('Hello');
    expect(formatted.querySelector('span')?.style.backgroundColor).toBe('rgb(255, 236, 153)');

    bold.focus();
    fireEvent.keyDown(bold, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'Italic' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'Clear formatting' }));
    fireEvent.click(document.activeElement as Element);
    expect(editor.getHTML()).toBe('<p>Hello</p>');
  });

  it('asks what a picked image shows, uploads it and inserts it with that description', async () => {
    fakeApi.handlers['POST /api/upload'] = () => jsonResponse({ url: '/uploads/abc123.png' }, 201);
    const { editor } = await renderComposer();
    await addImage(anImage(), '  Bar chart of accuracy by model size ');
    await waitFor(() =>
      expect(editor.getHTML()).toContain('<img src="/uploads/abc123.png" alt="Bar chart of accuracy by model size">'),
    );
    const upload = fakeApi.requests.find((request) => request.url.pathname === '/api/upload');
    expect(upload?.method).toBe('POST');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends nothing when the reader cancels the description', async () => {
    const { editor } = await renderComposer();
    pickFile(anImage());
    const dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.requests).toEqual([]);
    expect(editor.getHTML()).not.toContain('<img');
  });

  it("changes a selected image's description from the toolbar", async () => {
    const { editor } = await renderComposer();
    editor.commands.setContent('<p>See:</p><img src="/uploads/abc123.png" alt="A chart">');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(within(toolbar).queryByRole('button', { name: 'Image description' })).toBeNull();
    let imageAt = -1;
    editor.state.doc.descendants((node, position) => {
      if (node.type.name === 'image') imageAt = position;
    });
    act(() => {
      editor.commands.setNodeSelection(imageAt);
    });
    fireEvent.click(await within(toolbar).findByRole('button', { name: 'Image description' }));
    const dialog = await screen.findByRole('dialog', { name: 'Describe the image' });
    const field = within(dialog).getByLabelText('Description') as HTMLInputElement;
    expect(field.value).toBe('A chart');
    fireEvent.change(field, { target: { value: 'A chart of scores by year' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save description' }));
    await waitFor(() =>
      expect(editor.getHTML()).toContain('<img src="/uploads/abc123.png" alt="A chart of scores by year">'),
    );
  });

  it("takes a failed upload's message away once the next image is added", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['POST /api/upload'] = () => apiError(507, 'insufficient_storage', 'No room.');
    const { editor } = await renderComposer();
    await addImage(anImage());
    await screen.findByRole('alert');
    fakeApi.handlers['POST /api/upload'] = () => jsonResponse({ url: '/uploads/def456.png' }, 201);
    await addImage(anImage(), 'A photo');
    await waitFor(() => expect(editor.getHTML()).toContain('/uploads/def456.png'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [
      'too big',
      new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.png', { type: 'image/png' }),
      'This image is too big: images can be at most 5 MB.',
    ],
    [
      'not an image',
      new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }),
      'This file cannot be added: only PNG, JPEG, GIF and WebP images are accepted.',
    ],
  ])('refuses a file %s without sending it', async (_, file, message) => {
    await renderComposer();
    pickFile(file);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(fakeApi.requests).toEqual([]);
  });

  it.each([
    [413, 'payload_too_large', 'This image is too big: images can be at most 5 MB.'],
    [
      413,
      'upload_quota_exceeded',
      'Your images have reached the 50 MB an account may keep. Images not used in a comment are removed a day after upload, and deleting a comment removes its images.',
    ],
    [415, 'unsupported_media_type', 'This file cannot be added: only PNG, JPEG, GIF and WebP images are accepted.'],
    [507, 'insufficient_storage', 'The server has no room to store images right now. Please try again later.'],
  ])('says why the server refused an image (%i %s)', async (status, code, message) => {
    fakeApi.handlers['POST /api/upload'] = () => apiError(status, code, 'Refused.');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { editor } = await renderComposer();
    await addImage(new File([new Uint8Array(10)], 'fake.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(editor.getHTML()).not.toContain('<img');
  });
});
