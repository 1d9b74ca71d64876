/**
 * The headless runner against a real OpenAI-compatible server (llama-cpp-python serving SmolLM2 on
 * 127.0.0.1): a sweep of two suites with two requests in flight, a prompt over the window, kill -9
 * and resume, the server going down mid-run, and prompt vs native tool calls. Skips, saying how to
 * install the server, where it is not installed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEval } from '../../src/cli/eval/eval';
import { readRunFile } from '../../src/lib/store/run-file';
import { CPU_SERVER_BOUNDS, type RunningServer, SERVER_MODEL, serverMissing, startLlamaServer } from '../../harness/llama-server';

const missing = serverMissing();
if (missing) console.warn(`SKIPPED the runner's real-server tests: ${missing}`);

const dir = mkdtempSync(join(tmpdir(), 'fc-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function evalRun(argv: string[], onStatus?: (line: string) => void) {
  const lines: string[] = [];
  const code = await runEval([...argv, ...CPU_SERVER_BOUNDS], { out: (l) => lines.push(l), status: (l) => onStatus?.(l), env: {}, signal: new AbortController().signal });
  return { code, text: lines.join('\n') };
}

function readFile(path: string) {
  return readRunFile(readFileSync(path, 'utf8'));
}

function expectEachSampleOnce(path: string) {
  const file = readFile(path);
  const ids = file.results.map((r) => r.sampleId);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBe(file.run.total);
  return file;
}

describe.skipIf(missing !== null)("the runner against llama-cpp-python's server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // a 1,536-token window: the catalog's 2K prompts do not fit
    server = await startLlamaServer({ contextSize: 1536 });
  }, 120_000);
  afterAll(async () => server?.stop());

  const served = () => ['--engine', 'openai', '--base-url', server.baseUrl, '--model', SERVER_MODEL, '--max-tokens', '48'];
  const common = () => [...served(), '--seed', '5'];

  it("runs two suites with two requests in flight; a prompt over the window is that sample's context_overflow", async () => {
    const catalog = join(dir, 'catalog.jsonl');
    const c = await evalRun(['catalog', ...common(), '--lengths', '512,2K', '--positions', '0.1,0.9', '--per-cell', '1', '--concurrency', '2', '--out', catalog]);
    expect(c.code, c.text).toBe(0);
    expect(c.text).toContain("counted with the server's tokenizer");
    expect(c.text).toMatch(/accuracy by catalog length × needle position/);
    const file = expectEachSampleOnce(catalog);
    expect(file.run.status).toBe('completed');
    expect(file.run.engine).toMatchObject({ kind: 'openai', model: SERVER_MODEL, calls: 'prompt' });
    expect(file.run.counterId).toBe(`server:${SERVER_MODEL}`);
    const over = file.results.filter((r) => r.cell.length === 2048);
    expect(over).toHaveLength(2);
    for (const r of over) {
      expect(r.error?.kind).toBe('context_overflow');
      expect(r.error?.message).toMatch(/maximum context length is 1536/);
    }
    for (const r of file.results.filter((x) => x.cell.length === 512)) {
      expect(r.error).toBeNull();
      expect(r.output.length).toBeGreaterThan(0);
      expect(r.usage?.completionTokens).toBeGreaterThan(0);
    }

    const composition = join(dir, 'composition.jsonl');
    const k = await evalRun(['composition', ...common(), '--levels', 'L0_node,L1_chain', '--per-cell', '1', '--distractors', '0', '--concurrency', '2', '--out', composition]);
    expect(k.code, k.text).toBe(0);
    expect(k.text).toMatch(/Selection Gap/);
    expect(expectEachSampleOnce(composition).results).toHaveLength(2);
  }, 600_000);

  it('kill -9 mid-run, then the same command again: every sample exactly once', async () => {
    const out = join(dir, 'killed.jsonl');
    const argv = ['catalog', ...common(), '--lengths', '512', '--positions', '0.1,0.5,0.9', '--per-cell', '2', '--concurrency', '2', '--out', out];
    const child = spawn('npx', ['tsx', 'src/cli/eval/eval.ts', ...argv], { detached: true, stdio: 'ignore' });
    const results = () =>
      existsSync(out)
        ? readFileSync(out, 'utf8')
            .split('\n')
            .filter((l) => l.startsWith('{"result"')).length
        : 0;
    for (let i = 0; i < 1200 && results() < 2; i++) await new Promise((r) => setTimeout(r, 250));
    expect(results()).toBeGreaterThanOrEqual(2);
    process.kill(-(child.pid as number), 'SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    const before = results();
    expect(before).toBeLessThan(6);

    const again = await evalRun(argv);
    expect(again.code, again.text).toBe(0);
    expect(again.text).toMatch(new RegExp(`resuming, ${before} results already there`));
    const file = expectEachSampleOnce(out);
    expect(file.results).toHaveLength(6);
  }, 600_000);

  it('the server going down mid-run fails the run with a clear error; the same command resumes once it is back', async () => {
    const own = await startLlamaServer({ contextSize: 1536 });
    const out = join(dir, 'down.jsonl');
    const argv = [
      'catalog',
      '--engine',
      'openai',
      '--base-url',
      own.baseUrl,
      '--model',
      SERVER_MODEL,
      '--max-tokens',
      '48',
      '--lengths',
      '512',
      '--positions',
      '0.1,0.5,0.9',
      '--per-cell',
      '2',
      '--retries',
      '2',
      '--out',
      out,
    ];
    let stopping: Promise<void> | null = null;
    const down = await evalRun(argv, (line) => {
      if (!stopping && /^\[#*\.*\] [1-9]/.test(line)) stopping = own.stop();
    });
    await stopping;
    expect(down.code).toBe(1);
    // it answered the first samples, then went down: said as such (not as a server that never answered)
    expect(down.text).toMatch(/run failed: ServerUnavailableError: .* stopped answering: it answered earlier in this run, then not after 2 attempts/);
    expect(down.text).toMatch(/Did the server crash or stop\?/);
    expect(down.text).toMatch(/run the same command again to resume/);
    const partial = readFile(out);
    expect(partial.run.status).toBe('failed');
    expect(partial.results.length).toBeGreaterThan(0);
    expect(partial.results.length).toBeLessThan(6);
    expect(partial.results.every((r) => r.error === null)).toBe(true);

    const back = await startLlamaServer({ contextSize: 1536, port: own.port });
    try {
      const again = await evalRun(argv);
      expect(again.code, again.text).toBe(0);
      expect(expectEachSampleOnce(out).results).toHaveLength(6);
    } finally {
      await back.stop();
    }
  }, 600_000);

  it('prompt vs native tool calls: two paired runs and the paired report', async () => {
    const out = join(dir, 'calls.jsonl');
    const r = await evalRun(['catalog', ...common(), '--lengths', '512', '--positions', '0.5', '--per-cell', '2', '--calls', 'both', '--concurrency', '2', '--out', out]);
    expect(r.code, r.text).toBe(0);
    const prompt = expectEachSampleOnce(join(dir, 'calls.prompt.jsonl'));
    const native = expectEachSampleOnce(join(dir, 'calls.native.jsonl'));
    expect(native.run.engine.calls).toBe('native');
    expect(native.results.map((x) => x.sampleId).sort()).toEqual(prompt.results.map((x) => x.sampleId).sort());
    expect(r.text).toMatch(/prompt vs native tool calls, 2 paired samples of \d requests?: prompt \d+\.\d%, native \d+\.\d%/);
  }, 600_000);

  it('repeats at a temperature: each answer its own sample and seed, and sampling really varies the answers', async () => {
    const out = join(dir, 'repeats.jsonl');
    const r = await evalRun(['catalog', ...common(), '--lengths', '512', '--positions', '0.5', '--per-cell', '3', '--repeats', '3', '--temperature', '0.9', '--out', out]);
    expect(r.code, r.text).toBe(0);
    const file = expectEachSampleOnce(out);
    expect(file.run).toMatchObject({ repeats: 3, request: { temperature: 0.9 } });
    expect(file.results).toHaveLength(9);
    expect(r.text).toMatch(/repeats: each of 3 samples asked 3 times at temperature 0\.9: accuracy [\d.]+%, [\d.]+%, [\d.]+% \(mean/);
    // a 135M model sampling at 0.9 from three seeds: the three outputs of a sample are not all the same
    const outputs = (n: number) => new Set(file.results.filter((x) => x.sampleId.startsWith(file.results[n * 3]!.sampleId)).map((x) => x.output));
    expect([0, 1, 2].some((n) => outputs(n).size > 1)).toBe(true);
  }, 600_000);

  it("WildAgtEval's own benchmark: its prompt, measured with the server's tokenizer, is refused for this window before any request", async () => {
    const ref = '../shared/reference/wildagteval';
    if (!existsSync(join(ref, 'databases'))) return console.warn(`skipped: ${ref} is not present (it comes with ../shared)`);
    // llama-cpp-python does not report its window: without --context each episode is that sample's context_overflow
    const overflow = await evalRun(['wildagteval-benchmark', ...served(), '--wildagteval', ref, '--conversations', '1', '--out', join(dir, 'wild.jsonl')]);
    expect(overflow.code, overflow.text).toBe(0);
    expect(overflow.text).toContain('0/2 answered correct (0.0%), 2 over the context window');
    // told the window, the runner refuses before any request
    const r = await evalRun(['wildagteval-benchmark', ...served(), '--context', '1536', '--wildagteval', ref, '--conversations', '1', '--out', join(dir, 'wild-refused.jsonl')]);
    expect(r.code, r.text).toBe(2);
    expect(r.text).toMatch(
      /WildAgtEval's prompt measures [\d,]+ tokens \(the server's tokenizer\) before any step, plus 48 for the answer: more than the server's 1,536-token window\. Serve a model with a longer window/,
    );
  }, 600_000);

  it('a cell none of whose prompts can be built (conversations longer than its length) is refused before any request; the same file then takes a run it can build', async () => {
    const out = join(dir, 'unbuildable.jsonl');
    const refused = await evalRun(['multiturn', ...served(), '--lengths', '1K,2K', '--settings', 'prose', '--count', '2', '--out', out]);
    expect(refused.code, refused.text).toBe(2);
    expect(refused.text).toMatch(
      /No prompt of 1K tokens · prose \(2 samples\) can be built, so the run would measure nothing there; nothing was asked\. The first: A 1024-token conversation cannot be built for conv-\d+: it measures [\d,]+ tokens/,
    );
    expect(readRunFile(readFileSync(out, 'utf8')).results).toEqual([]);
    // the refused run left no result: its file takes a run whose prompts can be built
    const fits = await evalRun(['multiturn', ...served(), '--lengths', '2K', '--settings', 'prose', '--count', '2', '--out', out]);
    expect(fits.code, fits.text).toBe(0);
    const file = readRunFile(readFileSync(out, 'utf8'));
    expect(file.results).toHaveLength(2);
    // asked (this server's 1,536-token window takes no 2K prompt: each is its context_overflow), none left unbuilt
    expect(file.results.map((r) => r.error?.kind ?? 'answered')).not.toContain('build_error');
  }, 600_000);
});
