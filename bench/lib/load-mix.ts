import type { RateLimit } from '../../server/http/rate-limiter.js';
import { AUTH_LIMITS } from '../../server/modules/auth/service.js';
import { COMMENT_LIMITS } from '../../server/modules/comments/service.js';
import { SEARCH_LIMITS } from '../../server/modules/search/service.js';
import { UPLOAD_LIMITS } from '../../server/modules/uploads/service.js';

/** What a virtual reader does, one request each. */
export const REQUEST_KINDS = [
  'paper list',
  'digest page',
  'paper',
  'paper page',
  'comments',
  'search',
  'my bookmarks',
  'bookmark',
  'comment',
  'upload',
  'sign-in',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export interface MixEntry {
  /** Its share of the requests, relative to the other kinds' weights. */
  weight: number;
  /** At most `max` requests of this kind per reader in any `windowMs`: the reader does something else meanwhile. */
  budget?: RateLimit;
}
export type Mix = Record<RequestKind, MixEntry>;

/**
 * Half of a server limit: a reader stays well under it, so that the run measures the site rather
 * than its limits, even when the server receives requests in another order or later than sent.
 */
const halfOf = ({ max, windowMs }: RateLimit): RateLimit => ({ max: Math.max(1, Math.floor(max / 2)), windowMs });

/**
 * A reader browsing the digest: mostly reads (the API's list and paper, as the app pages on the
 * client, and the rendered pages a visitor opens), some searches and bookmarks, fewer comments and
 * images, and now and then a sign-in, which costs a password hash (about 0.3 s of a core) by design.
 */
export const DEFAULT_MIX: Mix = {
  'paper list': { weight: 18 },
  'digest page': { weight: 12 },
  paper: { weight: 14 },
  'paper page': { weight: 12 },
  comments: { weight: 10 },
  search: { weight: 10, budget: halfOf(SEARCH_LIMITS.searchesPerClient) },
  'my bookmarks': { weight: 5 },
  bookmark: { weight: 10 },
  comment: { weight: 5, budget: halfOf(COMMENT_LIMITS.writesPerUser) },
  upload: { weight: 2, budget: halfOf(UPLOAD_LIMITS.perUser) },
  'sign-in': { weight: 0.5, budget: halfOf(AUTH_LIMITS.loginPerClient) },
};

/**
 * Chooses each request of one reader: a kind drawn by weight among those whose budget has room at
 * that moment. At least one kind with a weight must have no budget, so that there is always a choice.
 */
export class ReaderPace {
  private readonly sent = new Map<RequestKind, number[]>();

  constructor(
    private readonly mix: Mix,
    private readonly random: () => number,
  ) {
    if (!REQUEST_KINDS.some((kind) => mix[kind].weight > 0 && !mix[kind].budget)) {
      throw new Error('the mix needs a kind with a weight and no budget');
    }
  }

  /** The kind of the request sent at `now` (ms), counted against its budget from then. */
  next(now: number): RequestKind {
    const open = REQUEST_KINDS.filter((kind) => this.mix[kind].weight > 0 && this.hasRoom(kind, now));
    let draw = this.random() * open.reduce((total, kind) => total + this.mix[kind].weight, 0);
    let kind = open.at(-1) as RequestKind;
    for (const candidate of open) {
      draw -= this.mix[candidate].weight;
      if (draw < 0) {
        kind = candidate;
        break;
      }
    }
    if (this.mix[kind].budget) this.sent.set(kind, [...(this.sent.get(kind) ?? []), now]);
    return kind;
  }

  private hasRoom(kind: RequestKind, now: number): boolean {
    const budget = this.mix[kind].budget;
    if (!budget) return true;
    const recent = (this.sent.get(kind) ?? []).filter((sentAt) => sentAt > now - budget.windowMs);
    this.sent.set(kind, recent);
    return recent.length < budget.max;
  }
}

/** A reader's pause between two requests: between half and one and a half times the mean. */
export const pauseMs = (meanMs: number, random: () => number) => meanMs * (0.5 + random());

/**
 * A page of the digest a reader opens: the first most often, later ones less and less
 * (geometrically, about 2.5 on average), never past the last.
 */
export function likelyPage(pages: number, random: () => number): number {
  return Math.min(Math.max(1, pages), 1 + Math.floor(-Math.log(1 - random()) * 2));
}
