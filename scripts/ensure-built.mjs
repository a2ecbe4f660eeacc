// `npm start` on a fresh clone: build the SPA, its server renderer and the server once, when missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const outputs = ['dist/web/index.html', 'dist/ssr/entry-server.js', 'dist/server/main.js'];
if (!outputs.every((file) => existsSync(file))) {
  console.log('Building the site (first start)...');
  execSync('npm run build', { stdio: 'inherit' });
}
