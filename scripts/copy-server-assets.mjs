// tsc compiles only TypeScript; the demo seed file travels beside the compiled seed code.
import { cpSync } from 'node:fs';

cpSync('server/db/seed/papers.jsonl.gz', 'dist/server/db/seed/papers.jsonl.gz');
