/**
 * The headless runner's WildAgtEval judge (skipped without ../shared): once an error-experiment run
 * completes, another model — here a stand-in server that answers with a rubric score — judges each
 * error-handling episode with the benchmark's rubric file; the judge is named in each result, and a
 * rerun neither runs nor judges anything again.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEval } from '../../src/cli/eval/eval';
import { readRunFile } from '../../src/lib/store/run-file';

const REF = '../shared/reference/wildagteval';
const haveShared = existsSync(join(REF, 'judge_references'));
if (!haveShared) console.warn(`skipping the runner's WildAgtEval judge test: ${REF} is not present (it comes with ../shared, not with the repository)`);

describe.skipIf(!haveShared)("the runner's error-handling judge", () => {
  const prompts: string[] = [];
  let server: Server;
  let baseUrl = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { messages: { content: string }[] };
        prompts.push(parsed.messages[0]?.content ?? '');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            choices: [{ message: { content: '{"scores": {}, "total_score": 4, "reasoning": "acknowledged the failure"}' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 20 },
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('judges every error episode once, names the judge in each result, and a rerun does nothing again', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'judge-')), 'errors.jsonl');
    const argv = ['wildagteval-benchmark', '--wildagteval', REF, '--experiments', 'error:system_failure:play', '--out', out, '--judge-base-url', baseUrl, '--judge-model', 'judge-model'];
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), status: () => undefined, env: {}, signal: new AbortController().signal };
    expect(await runEval(argv, io)).toBe(0);
    const file = readRunFile(readFileSync(out, 'utf8'));
    expect(file.results.length).toBeGreaterThan(0);
    for (const r of file.results) expect(r.score.api?.errorHandling).toMatchObject({ score: 4, judge: `judge-model at ${baseUrl}` });
    expect(prompts).toHaveLength(file.results.length);
    // the rubric file of the scenario is in the judge's prompt
    expect(prompts[0]).toContain(
      readFileSync(join(REF, 'judge_references', 'play_system_failure_error.md'), 'utf8')
        .trim()
        .slice(0, 200),
    );
    expect(lines.join('\n')).toMatch(new RegExp(`error-handling episodes: ${file.results.length} of ${file.results.length} judged by judge-model`));
    expect(await runEval(argv, io)).toBe(0);
    expect(prompts).toHaveLength(file.results.length);
    expect(await runEval(['catalog', '--judge-base-url', baseUrl, '--judge-model', 'm'], { ...io, out: (l: string) => lines.push(l) })).toBe(2);
    expect(lines.join('\n')).toMatch(/--judge-base-url is for wildagteval-benchmark, not catalog/);
  });

  it('without the rubric files the run still completes: nothing is judged and every episode is named as lacking its rubric', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-rubrics-'));
    for (const name of readdirSync(REF)) if (name !== 'judge_references') cpSync(join(REF, name), join(dir, name), { recursive: true });
    const out = join(dir, 'errors.jsonl');
    const before = prompts.length;
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), status: () => undefined, env: {}, signal: new AbortController().signal };
    const argv = ['wildagteval-benchmark', '--wildagteval', dir, '--experiments', 'error:system_failure:play', '--out', out, '--judge-base-url', baseUrl, '--judge-model', 'judge-model'];
    const code = await runEval(argv, io);
    expect(code, lines.join('\n')).toBe(0);
    const file = readRunFile(readFileSync(out, 'utf8'));
    expect(file.results.length).toBeGreaterThan(0);
    for (const r of file.results) expect(r.score.api?.errorHandling).toBeUndefined();
    expect(prompts).toHaveLength(before);
    expect(lines.join('\n')).toMatch(new RegExp(`error-handling episodes: 0 of ${file.results.length} judged by judge-model.*; no rubric for play_system_failure`));
  });
});
