import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../common/users.js';
import { authStore } from '../features/auth/auth-store.js';
import { apiError, jsonResponse, makeUser } from '../test/fake-api.js';
import { commentTexts, setUpPaperComments } from '../test/paper-comments.js';
import { makeComment } from '../test/papers.js';

const { fakeApi, minutesAgo, serveComments, openPaper } = setUpPaperComments();

/** Signs `user` in, as the server's check answers it too. */
function signIn(user: PublicUser) {
  fakeApi.handlers['GET /api/auth/check'] = () => jsonResponse({ user });
  authStore.signedIn(user);
}

const sent = (method: string) =>
  fakeApi.requests.filter((request) => request.method === method).map(({ url, body }) => [url.pathname, body]);

describe('moderation on the paper page', () => {
  it("lets a signed-in reader report another's comment with a reason and details, once", async () => {
    signIn(makeUser({ id: 1 }));
    serveComments([makeComment({ id: 8, userId: 2, text: '<p>Buy now</p>' })]);
    let reports = 0;
    fakeApi.handlers['POST /api/comments/8/reports'] = () =>
      ++reports === 1
        ? jsonResponse(
            { id: 1, commentId: 8, reason: 'off_topic', text: 'Not about it', createdAt: minutesAgo(0) },
            201,
          )
        : apiError(409, 'already_reported', 'You have already reported this comment.');
    const [item] = (await (await openPaper()).items()) as [HTMLElement];

    fireEvent.click(within(item).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this comment' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Off-topic' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), {
      target: { value: '  Not about it ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Thank you: the administrators will look at this comment.')).toBeTruthy();
    expect(sent('POST')).toEqual([['/api/comments/8/reports', { reason: 'off_topic', text: 'Not about it' }]]);
    // Sent: nothing is left to cancel, so the only button closes.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    fireEvent.click(within(item).getByRole('button', { name: 'Report' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You have already reported this comment.')).toBeTruthy();
  });

  it('lets an administrator remove a comment with a reason, which then leaves the list', async () => {
    signIn(makeUser({ id: 1, role: 'admin' }));
    serveComments([
      makeComment({ id: 8, userId: 2, text: '<p>spam</p>', createdAt: minutesAgo(1) }),
      makeComment({ id: 9, userId: 3, text: '<p>fine</p>', createdAt: minutesAgo(2) }),
    ]);
    fakeApi.handlers['DELETE /api/admin/comments/8'] = () =>
      jsonResponse(makeComment({ id: 8, userId: 2, removal: { removedAt: minutesAgo(0), reason: 'Spam' } }));
    const { items } = await openPaper();
    const [spam] = (await items()) as [HTMLElement];

    fireEvent.click(within(spam).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this comment?' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' Spam ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(async () => expect(commentTexts(await items())).toEqual(['fine']));
    expect(sent('DELETE')).toEqual([['/api/admin/comments/8', { reason: 'Spam' }]]);
  });

  it('shows its author a removed comment as removed by a moderator, with the reason, and no Share', async () => {
    signIn(makeUser({ id: 1 }));
    serveComments([makeComment({ userId: 1, removal: { removedAt: minutesAgo(1), reason: 'It showed a key' } })]);
    const [item] = (await (await openPaper()).items()) as [HTMLElement];
    expect(within(item).getByText('Removed by a moderator')).toBeTruthy();
    expect(within(item).getByText('Reason: \u2068It showed a key\u2069')).toBeTruthy();
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Delete']);
  });

  it('names the author of a comment whose account was deleted "deleted user", in the reader\'s language', async () => {
    serveComments([makeComment({ userId: null, name: 'deleted user' })]);
    const [item] = (await (await openPaper()).items()) as [HTMLElement];
    expect(within(item).getByText('deleted user')).toBeTruthy();
    expect(within(item).queryByRole('button')).toBeNull();
  });
});
