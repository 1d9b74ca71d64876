import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { contentSecurityPolicy, policyHeaders } from './vite/csp.ts';
import { webllmModelList } from './vite/webllm-model-list.ts';
import { isolation } from './vite/isolation.ts';

/**
 * Cross-origin isolation lets llama.cpp (WebAssembly) use every core: SmolLM2-135M on 2 cores
 * prefills 34 tokens/s with 2 threads against 17 with one. Model hosts answer with CORS headers,
 * so their downloads still work; on a static host that cannot send these headers, the build's own
 * service worker adds them (vite/isolation.ts).
 */
/**
 * The GPU tier checks WebLLM with real weights against the one runtime whose model library can be had
 * on machines without a model hub: web-llm 0.2.79 (a test-only devDependency, `web-llm-0279`), built
 * with FC_WEBLLM_RUNTIME=0.2.79 into FC_DIST_DIR. Users' builds get the newest @mlc-ai/web-llm.
 */
const WEBLLM_TEST_RUNTIME = process.env.FC_WEBLLM_RUNTIME === '0.2.79' ? [{ find: /^@mlc-ai\/web-llm$/, replacement: 'web-llm-0279' }] : [];

const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  // relative asset URLs: the build works from any static host and any sub-path (e.g. GitHub Pages)
  base: './',
  plugins: [svelte(), contentSecurityPolicy(), policyHeaders(), isolation()],
  resolve: { alias: WEBLLM_TEST_RUNTIME },
  worker: { format: 'es', plugins: () => [webllmModelList()] },
  optimizeDeps: { include: ['@mlc-ai/web-llm', 'comlink'] },
  // without 'mpa', a missing file is answered with index.html and status 200, which WebLLM caches as a config
  appType: 'mpa',
  server: { headers: ISOLATION },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    // the Content-Security-Policy header is set per response by policyHeaders (vite/csp.ts)
    headers: { ...ISOLATION, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' },
  },
  build: {
    outDir: process.env.FC_DIST_DIR ?? 'dist',
    target: 'es2022',
    sourcemap: false,
    // the page's chunk (the app, D3 and the built-in packs) is ~760 kB, 260 kB gzipped: warn only past 1 MB
    chunkSizeWarningLimit: 1024,
    rolldownOptions: { checks: { pluginTimings: false } },
  },
});
