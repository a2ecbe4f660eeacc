import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { docsMarkdown } from './web/features/docs/markdown-plugin.js';

const apiProxy = { '/api': 'http://127.0.0.1:3000', '/blogsFolder': 'http://127.0.0.1:3000' };

/** Libraries every page needs, in one chunk that stays cached while the app's own code changes. */
const FRAMEWORK_MODULES = /node_modules\/(react|react-dom|scheduler|react-router|@tanstack)\//;
/**
 * Writes (useMutation) run only in screens and widgets that load later (comments, bookmarks, account,
 * admin): their code stays with those, out of the framework chunk every public page loads first.
 */
const LATER_MODULES =
  /node_modules\/@tanstack\/(react-query|query-core)\/build\/modern\/(useMutation|mutationObserver)\.js$/;
const isFramework = (id: string) => FRAMEWORK_MODULES.test(id) && !LATER_MODULES.test(id);

const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
/**
 * React Router's package exports only its development build, which keeps its warnings; the browser
 * build gets the production build (the same code with the warnings off), 0.6 KB gzipped less on every page.
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
];

/** The browser build, or with --ssr the server renderer (web/entry-server.tsx) in dist/ssr. */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  // docsMarkdown: documentation pages are rendered from Markdown at build time.
  plugins: [docsMarkdown(), react(), tailwindcss()],
  resolve: { alias: command === 'build' && !isSsrBuild ? REACT_ROUTER_PRODUCTION : [] },
  build: isSsrBuild
    ? { outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)), emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
        emptyOutDir: true,
        // Read by scripts/report-bundle-size.mjs to add up what a route loads first.
        manifest: true,
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'framework', test: isFramework }] } },
        },
      },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
}));
