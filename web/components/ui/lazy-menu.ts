import { type ComponentType, type PointerEvent, useRef, useState } from 'react';

/** What a lazily loaded menu receives when it takes its placeholder button's place. */
export interface LazyMenuProps {
  openOnMount: boolean;
  focusOnMount: boolean;
}

export interface LazyMenuLoader<P> {
  loaded(): ComponentType<P> | null;
  load(): Promise<ComponentType<P>>;
}

/** Imports a menu component once; a failed import may be retried. */
export function lazyMenuLoader<P>(importMenu: () => Promise<ComponentType<P>>): LazyMenuLoader<P> {
  let component: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return {
    loaded: () => component,
    load() {
      loading ??= importMenu().then(
        (loaded) => {
          component = loaded;
          return loaded;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * A menu whose code (Radix weighs a fifth of the page budget) loads when the reader points at,
 * focuses or presses its placeholder button, then replaces the button, opened and focused as the
 * reader left it. Spread `triggerProps` on the placeholder; render `Menu` with `menuProps` once loaded.
 */
export function useLazyMenu<P>(loader: LazyMenuLoader<P>, name: string) {
  const [Menu, setMenu] = useState<ComponentType<P> | null>(() => loader.loaded());
  const [openOnMount, setOpenOnMount] = useState(false);
  const [focusOnMount, setFocusOnMount] = useState(false);
  const placeholderRef = useRef<HTMLButtonElement>(null);

  const load = () => {
    loader
      .load()
      .then((component) => {
        setFocusOnMount(document.activeElement === placeholderRef.current);
        setMenu(() => component);
      })
      .catch((error: unknown) => console.error(`Failed to load the ${name}`, error));
  };

  return {
    Menu,
    menuProps: { openOnMount, focusOnMount } satisfies LazyMenuProps,
    triggerProps: {
      ref: placeholderRef,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': false,
      onPointerEnter: load,
      onFocus: load,
      // The loaded menu opens on a press, as Radix menus do: a press that lands before it has come,
      // followed by a release on the menu's own button, would otherwise open nothing.
      onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
        if (event.button !== 0) return;
        setOpenOnMount(true);
        load();
      },
      onClick: () => {
        setOpenOnMount(true);
        load();
      },
    },
  };
}
