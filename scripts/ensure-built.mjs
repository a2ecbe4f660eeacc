// `npm start` on a fresh clone: build the SPA and the server once, when their output is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.js')) {
  console.log('Building the site (first start)...');
  execSync('npm run build', { stdio: 'inherit' });
}
