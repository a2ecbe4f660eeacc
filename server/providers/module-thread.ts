import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread running `file`, the `.ts` module beside the caller under tsx (development
 * and tests) or the compiled `.js` one (the production build). Pass the caller's `import.meta.url`
 * and the module's name without its extension.
 */
export function startModuleThread(callerUrl: string, moduleName: string, options: WorkerOptions = {}): Worker {
  const compiled = !callerUrl.endsWith('.ts');
  const file = new URL(`./${moduleName}${compiled ? '.js' : '.ts'}`, callerUrl);
  if (compiled) return new Worker(file, options);
  // Node 20 cannot start a thread with tsx in execArgv: the thread registers tsx, then loads the file.
  const loader = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(loader, { ...options, eval: true });
}
