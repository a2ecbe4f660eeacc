import { describe, expect, it } from 'vitest';
import { type FoundWrites, WriteLedger, writesKept } from './write-ledger.js';

const nothingFound: FoundWrites = { bookmarks: [], commentIds: [], uploads: [] };

describe('the ledger of acknowledged writes', () => {
  it('finds nothing missing when the site holds every acknowledged write', () => {
    const ledger = new WriteLedger();
    ledger.bookmarkAdded(1, 10);
    ledger.bookmarkAdded(2, 10);
    ledger.commentCreated({ id: 5, userId: 1, paperId: 10 });
    ledger.uploadStored('/uploads/a.png', 100);
    const checks = ledger.check({
      // Another reader's bookmark and another comment on the paper do not matter.
      bookmarks: [
        { userId: 1, paperId: 10 },
        { userId: 2, paperId: 10 },
        { userId: 3, paperId: 11 },
      ],
      commentIds: [4, 5],
      uploads: ['/uploads/a.png'],
    });
    expect(checks.map(({ what, acknowledged, found }) => [what, acknowledged, found])).toEqual([
      ['bookmarks', 2, 2],
      ['comments', 1, 1],
      ['uploads', 1, 1],
    ]);
    expect(writesKept(checks)).toBe(true);
  });

  it('names every acknowledged write the site lacks', () => {
    const ledger = new WriteLedger();
    ledger.bookmarkAdded(1, 10);
    ledger.bookmarkAdded(1, 11);
    ledger.commentCreated({ id: 5, userId: 1, paperId: 10 });
    ledger.commentCreated({ id: 6, userId: 2, paperId: 12 });
    ledger.uploadStored('/uploads/a.png', 100);
    const [bookmarks, comments, uploads] = ledger.check({
      bookmarks: [{ userId: 1, paperId: 11 }],
      commentIds: [6],
      uploads: [],
    });
    expect(bookmarks).toMatchObject({ acknowledged: 2, found: 1, missing: ['user:paper 1:10'] });
    expect(comments).toMatchObject({ acknowledged: 2, found: 1, missing: ['comment 5'] });
    expect(uploads).toMatchObject({ acknowledged: 1, found: 0, missing: ['/uploads/a.png'] });
    expect(writesKept(ledger.check(nothingFound))).toBe(false);
  });

  it('goes by the last acknowledged change of a bookmark, and catches a removed one that came back', () => {
    const ledger = new WriteLedger();
    ledger.bookmarkAdded(1, 10);
    ledger.bookmarkRemoved(1, 10);
    ledger.bookmarkAdded(1, 11);
    ledger.bookmarkRemoved(1, 11);
    ledger.bookmarkAdded(1, 11);
    const gone = ledger.check({ ...nothingFound, bookmarks: [{ userId: 1, paperId: 11 }] });
    expect(gone[0]).toMatchObject({ acknowledged: 1, found: 1, missing: [], undeleted: [] });
    expect(writesKept(gone)).toBe(true);

    const back = ledger.check({
      ...nothingFound,
      bookmarks: [
        { userId: 1, paperId: 10 },
        { userId: 1, paperId: 11 },
      ],
    });
    expect(back[0]).toMatchObject({ acknowledged: 1, found: 1, undeleted: ['user:paper 1:10'] });
    expect(writesKept(back)).toBe(false);
  });

  it('leaves writes without an answer out of the comparison, and counts them', () => {
    const ledger = new WriteLedger();
    ledger.bookmarkAdded(1, 10);
    ledger.bookmarkUncertain(1, 10);
    ledger.bookmarkUncertain(1, 11);
    ledger.commentUncertain();
    ledger.uploadUncertain();
    ledger.uploadUncertain();
    const checks = ledger.check(nothingFound);
    expect(checks.map(({ acknowledged, uncertain }) => [acknowledged, uncertain])).toEqual([
      [0, 2],
      [0, 1],
      [0, 2],
    ]);
    expect(writesKept(checks)).toBe(true);
  });

  it('reads comments back on the papers commented on, each once', () => {
    const ledger = new WriteLedger();
    ledger.commentCreated({ id: 1, userId: 1, paperId: 10 });
    ledger.commentCreated({ id: 2, userId: 2, paperId: 10 });
    ledger.commentCreated({ id: 3, userId: 1, paperId: 12 });
    expect(ledger.commentedPapers().sort()).toEqual([10, 12]);
  });
});
