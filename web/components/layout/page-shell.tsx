import type { ReactNode } from 'react';
import { HydratedApart } from './hydrated-apart.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';

export const MAIN_CONTENT_ID = 'main-content';

interface PageShellProps {
  children: ReactNode;
  /** Shown above the header (the home page's community banner). */
  banner?: ReactNode;
  /** Main spans the whole width, for pages whose sections set their own width (home). */
  wide?: boolean;
}

/** Header, main landmark and footer shared by the public pages; the skip link in the root layout targets main. */
export function PageShell({ children, banner, wide = false }: PageShellProps) {
  return (
    <>
      {banner}
      <SiteHeader />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={
          wide ? 'w-full flex-1 outline-none' : 'mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-6 lg:px-8'
        }
      >
        {children}
      </main>
      <HydratedApart>
        <SiteFooter />
      </HydratedApart>
    </>
  );
}
