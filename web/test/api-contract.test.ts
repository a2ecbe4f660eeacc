import { describe, expect, it } from 'vitest';
import { contractViolation } from './api-contract.js';
import { makeUser } from './fake-api.js';

const at = (path: string) => new URL(path, 'http://localhost');

describe('the fake API contract', () => {
  it('takes what the server sends: a signed-out check, a created account, the error shape', () => {
    expect(contractViolation('GET', at('/api/auth/check'), 200, { user: null })).toBeNull();
    const created = { user: makeUser(), message: 'Account created.' };
    expect(contractViolation('POST', at('/api/auth/signup'), 201, created)).toBeNull();
    const refused = { error: 'invalid_credentials', message: 'Invalid email or password.' };
    expect(contractViolation('POST', at('/api/auth/login'), 401, refused)).toBeNull();
    expect(
      contractViolation('GET', at('/api/papers/2401.00001'), 503, { error: 'unavailable', message: 'Down.' }),
    ).toBeNull();
  });

  it('refuses what it never sends: a 401 check, a 200 sign-up, bodies of another shape, unknown routes', () => {
    const unauthenticated = { error: 'unauthenticated', message: 'Not signed in.' };
    expect(contractViolation('GET', at('/api/auth/check'), 401, unauthenticated)).toBe(
      'GET /api/auth/check: the server never answers 401',
    );
    const created = { user: makeUser(), message: 'Account created.' };
    expect(contractViolation('POST', at('/api/auth/signup'), 200, created)).toMatch(/never answers 200/);
    expect(contractViolation('GET', at('/api/auth/check'), 200, { user: { name: 'Ada' } })).toMatch(/user\.id/);
    expect(contractViolation('GET', at('/api/papers'), 200, { papers: [] })).toMatch(/pagination/);
    expect(contractViolation('POST', at('/api/auth/login'), 401, { message: 'No.' })).toMatch(/error/);
    expect(contractViolation('GET', at('/api/nothing'), 200, [])).toMatch(/no such route/);
  });

  it("holds a paper's categories and the bookmark routes to their own schemas", () => {
    expect(
      contractViolation('GET', at('/api/papers/math/9501234/categories'), 200, [{ name: 'Agents', nameAr: null }]),
    ).toBeNull();
    const bookmark = { id: 3, paperId: 7, arxivId: 'math/9501234', createdAt: '2025-03-16T15:04:00.000Z' };
    expect(contractViolation('POST', at('/api/bookmarks/math/9501234'), 201, bookmark)).toBeNull();
    expect(contractViolation('POST', at('/api/bookmarks/7'), 200, bookmark)).toMatch(/never answers 200/);
    expect(contractViolation('DELETE', at('/api/bookmarks/3'), 200, { id: 3 })).toMatch(/paperId/);
    expect(contractViolation('GET', at('/api/bookmarks'), 200, [bookmark])).toBeNull();
    expect(contractViolation('GET', at('/api/bookmarks/2401.00001'), 200, false)).not.toBeNull();
  });
});
