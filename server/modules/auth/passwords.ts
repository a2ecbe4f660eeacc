import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's current minimum for scrypt: each hash takes 128 MiB and about 0.3 s of one core. */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
/** Hashes computed at once in this process: a burst of sign-ins waits rather than take 128 MiB each. */
export const MAX_CONCURRENT_HASHES = 2;
const KEY_LENGTH = 64;

/** Runs tasks with at most `slots` of them at once; the others wait in order of arrival. */
export function createSemaphore(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async function withSlot<T>(task: () => Promise<T>): Promise<T> {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

const withHashSlot = createSemaphore(MAX_CONCURRENT_HASHES);

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128·N·r bytes (plus a little); twice that leaves room without allowing a runaway.
  const maxmem = 2 * 128 * cost.N * cost.r;
  // Async scrypt runs on the libuv thread pool, off the request event loop.
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  return { cost: { N: Number(n), r: Number(r), p: Number(p) }, salt, hash };
}

export interface PasswordHasher {
  /** `scrypt$N$r$p$salt$hash`, so the cost can be raised without breaking stored hashes. */
  hash(password: string): Promise<string>;
  /**
   * Whether the password matches the stored hash. Without one (an unknown account) it still hashes,
   * at the current cost, so the answer takes as long either way.
   */
  verify(password: string, stored: string | undefined): Promise<boolean>;
  /** Whether a stored hash was made at another cost, to be replaced at the next successful sign-in. */
  needsUpgrade(stored: string): boolean;
}

export function createPasswordHasher(cost: ScryptCost = PASSWORD_COST): PasswordHasher {
  const hash = async (password: string) => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, cost);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  };
  let dummyHash: Promise<string> | undefined;

  return {
    hash,

    async verify(password, stored) {
      dummyHash ??= hash(randomBytes(16).toString('hex'));
      const parsed = parse(stored ?? (await dummyHash));
      if (!parsed) return false;
      const expected = Buffer.from(parsed.hash, 'base64url');
      const key = await derive(password, Buffer.from(parsed.salt, 'base64url'), parsed.cost);
      return stored !== undefined && key.length === expected.length && timingSafeEqual(key, expected);
    },

    needsUpgrade(stored) {
      const parsed = parse(stored);
      return !parsed || parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p;
    },
  };
}
