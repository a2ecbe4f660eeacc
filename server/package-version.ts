import { readFileSync } from 'node:fs';
import { PROJECT_ROOT } from './paths.js';

/** The site's version from package.json, which the API reference and the MCP server announce. */
export const PACKAGE_VERSION = (JSON.parse(readFileSync(`${PROJECT_ROOT}package.json`, 'utf8')) as { version: string })
  .version;
