/**
 * Server rendering of the public pages (built to dist/ssr/entry-server.js, loaded by
 * server/web-render.ts). The HTML holds the page's content, so it shows before the code has loaded;
 * the browser then hydrates it with the same routes, texts and data (web/main.tsx).
 */

import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { localeOfPath } from '../common/locale-path.js';
import type { PageRenderer, PageRendererOptions, RenderedPage } from '../common/ssr.js';
import { setServerSanitizer } from './features/blog/sanitize.js';
import { sanitizePostHtmlOnServer } from './features/blog/sanitize-on-server.js';
import { type DocumentHead, DocumentHeadContext } from './lib/document-title.js';
import { setHttpFetch } from './lib/http.js';
import { I18nContext, isLocale, LOCALES, type Locale } from './lib/i18n.js';
import { createQueryClient } from './lib/query-client.js';
import { applySiteConfig } from './lib/site-config.js';
import type { PageState, RouteHandle, ServerLoadContext } from './lib/ssr.js';
import { type Bundles, Texts, type TextTree } from './lib/texts.js';
import { routes } from './router.js';

const sharedTexts = import.meta.glob<TextTree>('./locales/*.json', { eager: true, import: 'default' });
const featureTexts = import.meta.glob<TextTree>('./locales/*/*.json', { eager: true, import: 'default' });

/** Every text of every language: the browser loads them per page, the server holds them all. */
function allTexts(): Bundles {
  const resources: Bundles = {};
  for (const locale of LOCALES) resources[locale] = { translation: sharedTexts[`./locales/${locale}.json`] ?? {} };
  for (const [file, texts] of Object.entries(featureTexts)) {
    const [, locale, namespace] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    const language = isLocale(locale) ? resources[locale] : undefined;
    if (language && namespace) language[namespace] = texts;
  }
  return resources;
}

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

// Loaders and prefetches see absolute URLs; only the path and search reach the app.
const ORIGIN = 'http://localhost';

export function createPageRenderer({ site, fetch }: PageRendererOptions): PageRenderer {
  applySiteConfig(site);
  setHttpFetch(fetch);
  setServerSanitizer(sanitizePostHtmlOnServer);
  const resources = allTexts();
  // One set of texts per language, never changed after its set-up, so requests can share it.
  const texts = { en: new Texts('en', resources), ar: new Texts('ar', resources) } satisfies Record<Locale, Texts>;
  const handler = createStaticHandler(routes);

  return async (url, chosenLocale): Promise<RenderedPage> => {
    const request = new Request(new URL(url, ORIGIN));
    const requestUrl = new URL(request.url);
    const locale = localeOfPath(requestUrl.pathname) ?? chosenLocale;
    const loadContext: ServerLoadContext = { locale };
    const context = await handler.query(request, { requestContext: loadContext });
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    // Route errors do not survive JSON; such a page is left to the browser.
    if (context.errors || context.statusCode !== 200) return { kind: 'shell' };

    const queryClient = createQueryClient();
    await Promise.all(
      context.matches.map((match) =>
        (match.route.handle as RouteHandle | undefined)?.prefetch?.({
          queryClient,
          url: requestUrl,
          params: match.params,
          locale,
        }),
      ),
    );
    const router = createStaticRouter(handler.dataRoutes, context);
    const head: DocumentHead = {};
    // prerender waits for every lazy part of the page, so the HTML is complete.
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <I18nContext value={texts[locale]}>
          <QueryClientProvider client={queryClient}>
            <DocumentHeadContext value={head}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </DocumentHeadContext>
          </QueryClientProvider>
        </I18nContext>
      </StrictMode>,
      // Never outlined into a hidden part revealed by an inline script, which the CSP would block.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await readAll(prelude);
    const state: PageState = {
      locale,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      queries: dehydrate(queryClient),
    };
    queryClient.clear();
    return { kind: 'page', html, state: JSON.stringify(state), locale, ...head };
  };
}
