/**
 * Every write the server acknowledged during a run, kept by the load generator, to be compared with
 * what the site holds afterwards. A write whose answer never came (or came as a server error) may or
 * may not have happened: it is counted apart and left out of the comparison.
 */
export class WriteLedger {
  /** By `userId:paperId`, what the last answer about the bookmark said. */
  private readonly bookmarks = new Map<string, 'present' | 'absent' | 'uncertain'>();
  private readonly comments = new Map<number, { userId: number; paperId: number }>();
  private readonly uploads = new Map<string, number>();
  private uncertainComments = 0;
  private uncertainUploads = 0;

  bookmarkAdded(userId: number, paperId: number): void {
    this.bookmarks.set(`${userId}:${paperId}`, 'present');
  }

  bookmarkRemoved(userId: number, paperId: number): void {
    this.bookmarks.set(`${userId}:${paperId}`, 'absent');
  }

  bookmarkUncertain(userId: number, paperId: number): void {
    this.bookmarks.set(`${userId}:${paperId}`, 'uncertain');
  }

  commentCreated(comment: { id: number; userId: number; paperId: number }): void {
    this.comments.set(comment.id, { userId: comment.userId, paperId: comment.paperId });
  }

  commentUncertain(): void {
    this.uncertainComments++;
  }

  /** An image the server stored at `url`, `bytes` long. */
  uploadStored(url: string, bytes: number): void {
    this.uploads.set(url, bytes);
  }

  uploadUncertain(): void {
    this.uncertainUploads++;
  }

  /** The papers that hold acknowledged comments: where to read them back. */
  commentedPapers(): number[] {
    return [...new Set([...this.comments.values()].map(({ paperId }) => paperId))];
  }

  /** The acknowledged images and their lengths: what to read back. */
  storedUploads(): [url: string, bytes: number][] {
    return [...this.uploads];
  }

  /** What the site holds, read back after the run, against what it acknowledged. */
  check(found: FoundWrites): WriteCheck[] {
    const foundBookmarks = new Set(found.bookmarks.map(({ userId, paperId }) => `${userId}:${paperId}`));
    const states = [...this.bookmarks];
    const acknowledgedBookmarks = states.filter(([, state]) => state === 'present').map(([key]) => key);
    const foundComments = new Set(found.commentIds);
    const foundUploads = new Set(found.uploads);
    return [
      {
        what: 'bookmarks',
        acknowledged: acknowledgedBookmarks.length,
        found: acknowledgedBookmarks.filter((key) => foundBookmarks.has(key)).length,
        missing: acknowledgedBookmarks.filter((key) => !foundBookmarks.has(key)).map((key) => `user:paper ${key}`),
        undeleted: states
          .filter(([key, state]) => state === 'absent' && foundBookmarks.has(key))
          .map(([key]) => `user:paper ${key}`),
        uncertain: states.filter(([, state]) => state === 'uncertain').length,
      },
      {
        what: 'comments',
        acknowledged: this.comments.size,
        found: [...this.comments.keys()].filter((id) => foundComments.has(id)).length,
        missing: [...this.comments].filter(([id]) => !foundComments.has(id)).map(([id]) => `comment ${id}`),
        undeleted: [],
        uncertain: this.uncertainComments,
      },
      {
        what: 'uploads',
        acknowledged: this.uploads.size,
        found: [...this.uploads.keys()].filter((url) => foundUploads.has(url)).length,
        missing: [...this.uploads.keys()].filter((url) => !foundUploads.has(url)),
        undeleted: [],
        uncertain: this.uncertainUploads,
      },
    ];
  }
}

/** What the site holds after a run, as read back. */
export interface FoundWrites {
  /** Every bookmark of the run's readers. */
  bookmarks: { userId: number; paperId: number }[];
  /** The ids of the comments on the papers the readers commented on. */
  commentIds: number[];
  /** The acknowledged images that the site serves whole. */
  uploads: string[];
}

export interface WriteCheck {
  what: 'bookmarks' | 'comments' | 'uploads';
  /** Writes the server acknowledged (for bookmarks: those whose last acknowledged change added them). */
  acknowledged: number;
  /** Of those, how many the site holds. */
  found: number;
  /** The acknowledged writes the site lacks: lost. */
  missing: string[];
  /** Bookmarks whose removal was acknowledged and that the site still holds. */
  undeleted: string[];
  /** Writes without an answer (or with a server error), left out of the comparison. */
  uncertain: number;
}

/** A run keeps its writes when nothing acknowledged is missing and nothing removed came back. */
export const writesKept = (checks: readonly WriteCheck[]) =>
  checks.every((check) => check.missing.length === 0 && check.undeleted.length === 0);
