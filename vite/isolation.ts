/**
 * Cross-origin isolation on any static host: llama.cpp in WebAssembly runs one thread unless the page
 * is cross-origin isolated, which takes two response headers (COOP/COEP) a plain static host (GitHub
 * Pages, a file server) does not send. The build carries a service worker of ours, `isolation-sw.js`,
 * beside index.html: it serves the app's own same-origin responses again with those headers, passing
 * their bodies through as they stream (it caches nothing, so no model file is stored twice), and leaves
 * every other origin's requests (model hosts, servers) to the browser. `isolate.js`, run right after
 * the page's policy, registers it where the page is not isolated and reloads once when it takes control
 * (a session flag stops a browser that will not isolate from reloading again). Where the host sends the
 * headers itself (`npm start`), the page is isolated already and nothing is registered.
 */
import type { Plugin } from 'vite';
import { headerPolicy, TOOLS_WORKER_PATH, toolsWorkerPolicy } from '../src/lib/core/connect-policy.ts';

export const ISOLATION_WORKER = 'isolation-sw.js';
const REGISTER = 'isolate.js';
const RELOADED_KEY = 'fc-isolation-reloaded';

// The policies are the ones `npm start` sends (vite/csp.ts): a worker loaded from the site obeys its
// own response's policy alone, so without them the tools-file worker would run under none.
const WORKER_SOURCE = `// written by the build (vite/isolation.ts): the app's own responses with the headers of cross-origin isolation and the policy
var TOOLS_WORKER = new RegExp(${JSON.stringify(TOOLS_WORKER_PATH.source)});
var TOOLS_WORKER_POLICY = ${JSON.stringify(toolsWorkerPolicy())};
var PAGE_POLICY = ${JSON.stringify(headerPolicy())};
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.type === 'opaque' || response.status === 0) return response;
    var headers = new Headers(response.headers);
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
    headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', TOOLS_WORKER.test(new URL(request.url).pathname) ? TOOLS_WORKER_POLICY : PAGE_POLICY);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: headers });
  }));
});
`;

const REGISTER_SOURCE = `// written by the build (vite/isolation.ts): isolation where the host sends no headers
(function () {
  if (self.crossOriginIsolated || !('serviceWorker' in navigator) || !self.isSecureContext) return;
  var key = ${JSON.stringify(RELOADED_KEY)};
  function reloadOnce() {
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch (e) {
      return;
    }
    location.reload();
  }
  navigator.serviceWorker.register('./${ISOLATION_WORKER}').then(function () {
    if (navigator.serviceWorker.controller) reloadOnce();
    else navigator.serviceWorker.addEventListener('controllerchange', reloadOnce);
  }, function () {});
})();
`;

export function isolation(): Plugin {
  return {
    name: 'cross-origin-isolation',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: ISOLATION_WORKER, source: WORKER_SOURCE });
      this.emitFile({ type: 'asset', fileName: REGISTER, source: REGISTER_SOURCE });
    },
    transformIndexHtml: {
      order: 'post',
      // after the policy script (head-prepend puts it first): the policy is written before anything runs
      handler: () => [{ tag: 'script', attrs: { src: `./${REGISTER}` }, injectTo: 'head' }],
    },
  };
}
