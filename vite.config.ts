import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  // relative asset URLs: the build works from any static host and any sub-path (e.g. GitHub Pages)
  base: './',
  plugins: [svelte()],
  worker: { format: 'es' },
  optimizeDeps: { include: ['@mlc-ai/web-llm', 'comlink'] },
  // without 'mpa', a missing file is answered with index.html and status 200, which WebLLM caches as a config
  appType: 'mpa',
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { target: 'es2022', sourcemap: false },
});
