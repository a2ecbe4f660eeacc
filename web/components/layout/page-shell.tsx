import type { ReactNode } from 'react';
import { SiteHeader } from './site-header.js';

export const MAIN_CONTENT_ID = 'main-content';

/** Header and main landmark shared by the public pages; the skip link in the root layout targets main. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6 lg:px-8"
      >
        {children}
      </main>
    </>
  );
}
