/**
 * The built page's Content-Security-Policy: a same-origin script, first in <head>, writes it as a
 * <meta> (static hosts send no headers; the policy also names the origins the user allowed, read
 * from this browser's storage). Build only: the dev server's module reloading needs more.
 */
import type { Plugin } from 'vite';
import { headerPolicy, policyScript, TOOLS_WORKER_PATH, toolsWorkerPolicy } from '../src/lib/core/connect-policy.ts';

export function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'csp.js', source: policyScript() });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', attrs: { src: './csp.js' }, injectTo: 'head-prepend' }],
    },
  };
}

/**
 * Where the project serves the build (`npm start`, vite preview): the policy as a header too, and the
 * tools-file worker's script with its own (it gets no other: see toolsWorkerPolicy).
 */
export function policyHeaders(): Plugin {
  return {
    name: 'content-security-policy-headers',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        res.setHeader('Content-Security-Policy', TOOLS_WORKER_PATH.test(req.url ?? '') ? toolsWorkerPolicy() : headerPolicy());
        next();
      });
    },
  };
}
