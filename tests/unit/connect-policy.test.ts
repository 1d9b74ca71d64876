/** The page's Content-Security-Policy and the origins a user adds to it (issue 17, item 8). */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { connectAllowed, headerPolicy, policyFor, policyScript, TOOLS_WORKER_PATH, toolsWorkerPolicy, validOrigins } from '../../src/lib/core/connect-policy';

const PAGE = 'http://127.0.0.1:4173';

describe('the connect policy', () => {
  it('allows the site, the model hosts, this machine and the origins chosen, nothing else', () => {
    const chosen = ['https://api.example.com', 'https://data.example.org:8443'];
    expect(connectAllowed(`${PAGE}/assets/x.wasm`, [], PAGE)).toBe(true);
    expect(connectAllowed('https://huggingface.co/mlc-ai/x/resolve/main/a.bin', [], PAGE)).toBe(true);
    expect(connectAllowed('https://cas-bridge.xethub.hf.co/x', [], PAGE)).toBe(true);
    expect(connectAllowed('https://raw.githubusercontent.com/mlc-ai/libs/x.wasm', [], PAGE)).toBe(true);
    expect(connectAllowed('http://127.0.0.1:8080/v1/models', [], PAGE)).toBe(true);
    expect(connectAllowed('http://localhost:11434/v1', [], PAGE)).toBe(true);
    expect(connectAllowed('https://api.example.com/v1/models', [], PAGE)).toBe(false);
    expect(connectAllowed('https://api.example.com/v1/models', chosen, PAGE)).toBe(true);
    expect(connectAllowed('https://data.example.org/x', chosen, PAGE)).toBe(false);
    expect(connectAllowed('https://data.example.org:8443/x', chosen, PAGE)).toBe(true);
    expect(connectAllowed('https://evilhuggingface.co/x', [], PAGE)).toBe(false);
    expect(connectAllowed('http://huggingface.co/x', [], PAGE)).toBe(false);
  });

  it('stored origins cannot add directives or wildcards', () => {
    expect(validOrigins(['https://a.org', "https://a.org; script-src 'unsafe-inline'", 'https://*', '*', 'https://b.org/path', 'javascript:alert(1)', 42])).toEqual(['https://a.org']);
    expect(validOrigins('https://a.org')).toEqual([]);
    const policy = policyFor(['x; script-src *', 'https://a.org']);
    expect(policy.split(';').map((d) => d.trim().split(' ')[0])).toEqual([
      'default-src',
      'script-src',
      'worker-src',
      'style-src',
      'img-src',
      'font-src',
      'object-src',
      'base-uri',
      'form-action',
      'connect-src',
    ]);
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy.endsWith(' https://a.org')).toBe(true);
  });

  it('the page script writes the same policy, with the stored origins that are valid', () => {
    const metas: { httpEquiv: string; content: string }[] = [];
    const storage = new Map([['fc-connect-origins', JSON.stringify(['https://a.org', 'https://b.org; script-src *'])]]);
    const fakeDocument = { createElement: () => ({ httpEquiv: '', content: '' }), head: { appendChild: (m: { httpEquiv: string; content: string }) => metas.push(m) } };
    const fakeStorage = { getItem: (k: string) => storage.get(k) ?? null };
    // the script is plain ES5 text; run it against stand-ins for document and localStorage
    new Function('document', 'localStorage', policyScript())(fakeDocument, fakeStorage);
    expect(metas).toEqual([{ httpEquiv: 'Content-Security-Policy', content: policyFor(['https://a.org']) }]);
  });
});

describe('the policy sent as a header', () => {
  it("says what only a header can (no framing), keeps the page's rules, and is the one the docs tell a host to send", () => {
    const header = headerPolicy();
    expect(header).toContain("frame-ancestors 'none'");
    for (const rule of policyFor([])
      .split('; ')
      .filter((r) => !r.startsWith('connect-src')))
      expect(header).toContain(rule);
    // eval is kept out of the page and its workers; only the OpenAPI worker compiles its schemas, and it connects nowhere (issue 46, item 7)
    expect(policyFor([])).not.toContain("'unsafe-eval'");
    expect(header).not.toContain("'unsafe-eval'");
    expect(toolsWorkerPolicy()).toContain("'unsafe-eval'");
    expect(toolsWorkerPolicy()).toMatch(/connect-src 'none'$/);
    expect(TOOLS_WORKER_PATH.test('/assets/tools-file.worker-DpGa_Dfy.js')).toBe(true);
    expect(TOOLS_WORKER_PATH.test('/assets/eval.worker-DEcVOWr2.js')).toBe(false);
    const docs = readFileSync('docs/testing.md', 'utf8');
    expect(docs).toContain(`Content-Security-Policy: ${header}\n`);
    expect(docs).toContain(`Content-Security-Policy: ${toolsWorkerPolicy()}\n`);
  });
});
