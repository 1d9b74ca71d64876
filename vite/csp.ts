/**
 * The built page's Content-Security-Policy: a same-origin script, first in <head>, writes it as a
 * <meta> (static hosts send no headers; the policy also names the origins the user allowed, read
 * from this browser's storage). Build only: the dev server's module reloading needs more.
 */
import type { Plugin } from 'vite';
import { policyScript } from '../src/lib/core/connect-policy.ts';

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
