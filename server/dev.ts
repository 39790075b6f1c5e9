import type { ViteDevServer } from 'vite';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// `npm run dev`: Vite loads this module and mounts the Fastify app (API + pages with hot reload).
export async function createServer(vite?: ViteDevServer) {
  return buildApp({ config: loadConfig(), logger: true, devServer: vite });
}
