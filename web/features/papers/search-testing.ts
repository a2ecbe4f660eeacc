/** The set-up of the digest search's unit tests (jsdom): a fake API answering the list and the search. */
import { fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { PaperList } from '../../../common/papers.js';
import { changeLocale, loadNamespaces } from '../../lib/i18n.js';
import { jsonResponse, type RecordedRequest } from '../../test/fake-api.js';
import { makePaperCard } from '../../test/papers.js';
import { renderRoute } from '../../test/render.js';
import { setUpFakeAuthApi } from '../auth/testing.js';

type SearchAnswer = (request: RecordedRequest) => Response | Promise<Response>;

/** A ranking of `total` results titled 'Result n', answered as the API does: `top_k` of them after `offset`. */
export const ranking =
  (total: number): SearchAnswer =>
  ({ body }) => {
    const { top_k, offset = 0 } = body as { top_k: number; offset?: number };
    const papers = Array.from({ length: total }, (_, index) =>
      makePaperCard(index + 1, { title: `Result ${index + 1}` }),
    );
    return jsonResponse({ papers: papers.slice(offset, offset + top_k) });
  };

/** A list page that is none of the results. */
const listPage: PaperList = {
  papers: [makePaperCard(100, { title: 'Newest Paper' })],
  pagination: {
    currentPage: 1,
    totalPages: 3,
    totalCount: 13,
    limit: 6,
    hasNextPage: true,
    hasPreviousPage: false,
    nextPage: 2,
    previousPage: null,
  },
};

/**
 * A test file of the digest's search: the list page, the categories Agents (الوكلاء) and Reasoning,
 * and a search that ranks nine results unless a test answers otherwise (`answerSearch`).
 */
export function setUpDigestSearch(page: ComponentType) {
  const fakeApi = setUpFakeAuthApi();
  let searchAnswer: SearchAnswer = ranking(9);

  beforeAll(async () => {
    await loadNamespaces(['search']);
  });
  beforeEach(() => {
    sessionStorage.clear();
    searchAnswer = ranking(9);
    fakeApi.handlers['GET /api/papers'] = () => jsonResponse(listPage);
    fakeApi.handlers['GET /api/categories/names'] = () =>
      jsonResponse([
        { name: 'Agents', nameAr: 'الوكلاء' },
        { name: 'Reasoning', nameAr: null },
      ]);
    fakeApi.handlers['POST /api/papers/semantic'] = (request) => searchAnswer(request);
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(async () => {
    await changeLocale('en');
  });

  const searchBox = () => screen.getByRole('searchbox', { name: 'Search papers' }) as HTMLInputElement;
  return {
    fakeApi,
    answerSearch(answer: SearchAnswer) {
      searchAnswer = answer;
    },
    searches: () => fakeApi.requests.filter((request) => request.url.pathname === '/api/papers/semantic'),
    listRequests: () => fakeApi.requests.filter((request) => request.url.pathname === '/api/papers'),
    searchBox,
    cardTitles: () =>
      screen
        .queryAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent)
        .filter((title) => title !== null),
    /** The digest at `url`, once its list has come. */
    async openDigest(url = '/ai-digest') {
      const view = renderRoute('/ai-digest', page, url);
      await screen.findByRole('heading', { name: 'Newest Paper' });
      return view;
    },
    typeAndClickSearch(text: string) {
      fireEvent.change(searchBox(), { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    },
  };
}
