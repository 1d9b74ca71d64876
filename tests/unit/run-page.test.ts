// A run as one HTML page (issue 49): it runs nothing it was given, and the app opens it again exactly.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { probabilityPercent } from '../../src/lib/analysis/format';
import { chartsOf, headlineOf, reportLines } from '../../src/lib/run/run-report';
import { readRunFile } from '../../src/lib/store/run-file';
import { runFilesBlock, runFilesInPage, runPageHtml, type RunPageInput, sharedRunFile } from '../../src/lib/store/run-page';

const recorded = readRunFile(readFileSync('examples/recordings/qwen0.5b/catalog.run.jsonl', 'utf8'), 'qwen05-catalog');
const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(2)> & "quoted" \u2028';

async function pageOf(file = recorded, prompts: RunPageInput['prompts'] = new Map(), withServer = true): Promise<string> {
  return runPageHtml({
    run: file.run,
    recording: file.recording,
    results: file.results,
    prompts,
    headline: headlineOf(file.run, file.results),
    withServer,
    reportLines: await reportLines(file.run, file.results),
    charts: await chartsOf(file.run, file.results),
    madeAt: '2026-11-28T00:00:00.000Z',
  });
}

describe('a run as one HTML page', () => {
  it("carries the headline, the heatmap, every sample, the recording's portable command — and the run file, exactly", async () => {
    const html = await pageOf();
    expect(html).toContain(`<strong>${headlineOf(recorded.run, recorded.results).label}</strong>`);
    expect(html).toMatch(/<figure data-chart="[^"]*heatmap[^"]*"><svg/);
    // its effects' pictures, once each: accuracy by length; by position, a line per length (lost in the middle and recency share it)
    expect([...html.matchAll(/<figure data-chart="(effect-[^"]*)"/g)].map((m) => m[1])).toEqual(['effect-catalog-length.svg', 'effect-catalog-middle.svg']);
    expect(html).toContain('Accuracy by position of the right tool (α: 0 = start, 1 = end)');
    expect(html.match(/<details class="sample /g)).toHaveLength(recorded.results.length);
    // shown as a fresh clone has them (the run file inside keeps its header as recorded)
    expect(html.slice(0, html.indexOf('<script'))).not.toContain('/work/');
    expect(html).toContain('--base-url &lt;your server&gt;/v1');
    const back = readRunFile(runFilesInPage(html, 'page.html')?.[0] as string, 'page.html');
    expect(back.run).toEqual(recorded.run);
    expect(back.recording).toEqual(recorded.recording);
    expect(back.results).toEqual(recorded.results);
  });

  it("gives each sample's right-call probability as the app's sample detail does: the value, the forced text, where the model parted (issue 75)", async () => {
    const probed = readRunFile(readFileSync('examples/recordings/qwen0.5b/position-probability.run.jsonl', 'utf8'), 'position-probability');
    const html = await pageOf(probed);
    const measured = probed.results.filter((r) => r.callLogprob);
    expect(measured.length).toBeGreaterThan(200);
    expect(html.match(/data-testid="page-call-probability"/g)).toHaveLength(measured.length);
    const one = measured.find((r) => r.callLogprob?.parts)!;
    const block = html.slice(html.indexOf(`data-sample="${one.sampleId}"`));
    const shown = block.slice(0, block.indexOf('</details>'));
    expect(shown).toContain(`<strong>${probabilityPercent(one.callLogprob!.logprob)}</strong>`);
    expect(shown).toContain(`rank ${one.callLogprob!.parts!.rank ?? 'below'}`);
    expect(shown).toContain(`log ${one.callLogprob!.logprob.toFixed(2)} over ${one.callLogprob!.tokens.length} tokens`);
    // a run without the measure shows none
    expect(await pageOf()).not.toContain('page-call-probability');
  });

  it('runs no script: one data block, a policy that forbids scripts and requests, every text escaped', async () => {
    const results = recorded.results.map((r, i) => (i === 0 ? { ...r, output: HOSTILE, parseError: HOSTILE, sampleId: r.sampleId } : r));
    const expected = new Map([[results[0]!.sampleId, { messages: [{ role: 'user' as const, content: HOSTILE }], needleNames: [], toolCount: 1, promptTokens: 9, expected: HOSTILE }]]);
    const html = await pageOf({ ...recorded, results }, expected);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script type="application/json" id="fc-playground-run-file">`);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
    // markup only as text: escaped in the page, \u003c-escaped in the data block
    expect(html).not.toMatch(/<img|<script>alert|<\/script><script/);
    expect(html.slice(0, html.indexOf('<script'))).not.toMatch(/<[a-z][^<>]*\son\w+=/i);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    const back = readRunFile(runFilesInPage(html)?.[0] as string);
    expect(back.results[0]!.output).toBe(HOSTILE);
    expect(back.prompts.get(results[0]!.sampleId)?.messages[0]?.content).toBe(HOSTILE);
  });

  it("the server's address only when asked: left out of the run, its recording and the command inside", async () => {
    expect(recorded.run.engine.baseUrl).toBe('http://127.0.0.1:8765/v1');
    const html = await pageOf(recorded, new Map(), false);
    expect(html).not.toContain('127.0.0.1:8765');
    const back = readRunFile(runFilesInPage(html)?.[0] as string);
    expect(back.run.engine.baseUrl).toBeUndefined();
    expect(back.recording?.command).toContain('--base-url <server>');
    expect(back.results).toEqual(recorded.results);
  });

  it('what is not such a page: a run file passes through, another page or a cut one is refused by name', () => {
    expect(runFilesInPage('{"format": "fc-playground-run"}\n')).toBeNull();
    expect(() => runFilesInPage('<!doctype html><html><body>hello</body></html>', 'other.html')).toThrow('other.html: an HTML page, but not one fc-playground wrote');
    expect(() => runFilesInPage('<!DOCTYPE html><script type="application/json" id="fc-playground-run-file">"abc', 'cut.html')).toThrow('cut.html: its run file is cut off');
    expect(() => runFilesInPage('<!DOCTYPE html><script type="application/json" id="fc-playground-run-file">{"a": 1}</script>', 'odd.html')).toThrow('odd.html: its data block holds no run file');
  });

  it("a view's page carries every run it draws, exactly, behind the same escaping; a bad list is refused by name", () => {
    const other = readRunFile(readFileSync('examples/recordings/smollm2/catalog.run.jsonl', 'utf8'), 'smollm2-catalog');
    const hostile = { ...other, results: other.results.map((r, i) => (i === 0 ? { ...r, output: HOSTILE } : r)) };
    const files = [recorded, hostile].map((f) => sharedRunFile({ ...f, prompts: new Map(), withServer: false }));
    const html = `<!doctype html><html><body><main><p>${'drawn'}</p></main>${runFilesBlock(files)}</body></html>`;
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/<\/script><script|<img/);
    const back = runFilesInPage(html, 'comparison.html')?.map((t) => readRunFile(t));
    expect(back?.map((f) => f.results)).toEqual([recorded.results, hostile.results]);
    expect(back?.[0]?.run.engine.baseUrl).toBeUndefined();
    const block = (data: string) => `<!doctype html><script type="application/json" id="fc-playground-run-files">${data}</script>`;
    expect(() => runFilesInPage(block('"one"'), 'odd.html')).toThrow('odd.html: its data block holds no list of run files');
    expect(() => runFilesInPage(block('[]'), 'empty.html')).toThrow('empty.html: a saved view that carries no runs');
    expect(() => runFilesInPage(block(JSON.stringify(Array(201).fill('x'))), 'many.html')).toThrow('many.html: carries 201 runs, more than the 200 a page may');
    expect(() => runFilesBlock(Array(201).fill('x'))).toThrow('a page carries at most 200 runs');
  });
});
