/**
 * Browser storage that never throws: storage can be disabled or full (private modes, strict
 * settings), and losing a remembered page or locale must not break the page.
 */
type StorageKind = 'localStorage' | 'sessionStorage';

function storageOf(kind: StorageKind): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

export function readStored(kind: StorageKind, key: string): string | null {
  try {
    return storageOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(kind: StorageKind, key: string, value: string | null): void {
  try {
    const storage = storageOf(kind);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Nothing to do: the value is a convenience, not state the page depends on.
  }
}
