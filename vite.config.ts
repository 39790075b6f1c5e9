import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    reactRouter(),
    // `npm run dev` runs the Fastify server (API + pages) inside Vite; the page-data context token is
    // shared with the server process rather than bundled twice
    fastifyReactRouterDev({ entry: './server/dev.ts', externalizeServerEntryImports: ['#page-context'] }),
  ],
  build: { target: 'es2022', cssCodeSplit: true },
});
