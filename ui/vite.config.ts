import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// `npm run dev` proxies the API to a Harper running on HARPER_PORT (default 8000).
const api = `http://127.0.0.1:${process.env.HARPER_PORT ?? '8000'}`;
const apiPaths = ['/query', '/confirm', '/search', '/health', '/cache', '/tree', '/file', '/followup'];

export default defineConfig({
  plugins: [react()],
  server: { proxy: Object.fromEntries(apiPaths.map((path) => [path, api])) },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
  },
});
