/**
 * A run as one self-contained HTML file to hand out: its headline, charts, the paper's tables,
 * every sample's verdict and output (and prompt, when the user asked for prompts), the recording
 * banner and the command that re-makes it. It opens in any browser with no network and no app, and
 * runs no script at all: its own Content-Security-Policy forbids every script and every request, and
 * the sample browser's filter is CSS. The run file travels inside it as JSON data, so the app opens
 * the page again as the run, exactly (`runFilesInPage`, which also reads a view's page: the run
 * files of the runs a comparison or the first view draws, `runFilesBlock`).
 */
import { escapeMarkup as esc } from '../core/markup';
import type { CallLogprob, SampleResult } from '../core/types';
import { ENGINE_KINDS } from '../engines/kinds';
import { portableCommand, withoutLocalAddresses } from '../run/recording-text';
import type { RecordedPrompt, Recording, RunRow } from '../run/run-row';
import { probabilityName, type SvgChart } from '../suites/declaration';
import { seedOf, SUITES } from '../suites/registry';
import { type CellColumns, cellText, probabilityPercent, tokenText } from '../analysis/format';
import { writeRunFile } from './run-file';
import { verdictWords } from '../scoring/verdict-words';

/** the data block of a run's page: its run file (a JSON string) */
const DATA_OPEN = '<script type="application/json" id="fc-playground-run-file">';
/** the data block of a view's page (a comparison, the first view): the run files of the runs it draws (a JSON array of strings) */
const FILES_OPEN = '<script type="application/json" id="fc-playground-run-files">';
/** run files one view's page carries at most */
const MAX_PAGE_RUNS = 200;
/** characters of an output shown in the page (the whole output is in the run file inside it) */
const SHOWN_OUTPUT = 4000;
/** a page larger than this is not read (the run file inside has its own bound) */
const MAX_PAGE_BYTES = 600 * 2 ** 20;
/** a shared page's own policy: no script, no request, its styles inline, images only as data */
export const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export interface RunPageInput {
  run: RunRow;
  recording: Recording | null;
  results: readonly SampleResult[];
  /** by sample id: only when the user asked for prompts (they may hold private tool schemas) */
  prompts: ReadonlyMap<string, RecordedPrompt>;
  headline: { label: string; text: string };
  /** keep the server's address (left out otherwise: from the run, its recording and the command inside) */
  withServer: boolean;
  /** the paper's tables as text, as the runner prints them */
  reportLines: readonly string[];
  charts: readonly SvgChart[];
  /** ISO date the page was made */
  madeAt: string;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 1.5rem;color:#1f2937}
h1{font-size:1.4rem;margin:.2rem 0 .6rem}h2{font-size:1.1rem;margin:1.6rem 0 .5rem}
.banner{background:#fef3c7;border-left:4px solid #d97706;padding:.5rem .8rem}
.headline{font-size:1.3rem}.muted{color:#4b5563}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f3f4f6;padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-word}
figure{margin:.5rem 0;display:inline-block;max-width:100%}figure svg{max-width:100%;height:auto}
details.sample{border-top:1px solid #e5e7eb;padding:.25rem 0}details.sample summary{cursor:pointer}
.right summary::before{content:"✓ ";color:#15803d}.wrong summary::before{content:"✗ ";color:#b91c1c}.none summary::before{content:"– ";color:#6b7280}
.filter label{margin-right:1rem;cursor:pointer;color:#1d4ed8}input[name=show]{position:absolute;opacity:0;pointer-events:none}
#show-all:checked~.filter [for=show-all],#show-right:checked~.filter [for=show-right],#show-wrong:checked~.filter [for=show-wrong]{font-weight:700;color:inherit}
#show-right:checked~.samples .wrong,#show-right:checked~.samples .none,#show-wrong:checked~.samples .right,#show-wrong:checked~.samples .none{display:none}
`;

function verdictOf(r: SampleResult): 'right' | 'wrong' | 'none' {
  if (r.error && r.error.kind !== 'context_overflow' && r.error.kind !== 'no_prediction') return 'none';
  return r.score.correct ? 'right' : 'wrong';
}

/** A sample's right-call probability as the app's sample detail gives it: the value, the forced text, and where the model parted from it. */
function probabilityHtml(m: CallLogprob, name: string): string {
  const forced = m.tokens.map((t) => t.piece).join('');
  const tokens = m.tokens.map((t) => `${tokenText(t.piece)} ${probabilityPercent(t.logprob)}`).join(' · ');
  const parted = m.parts
    ? `Where it parted from the forced text (token ${m.parts.at + 1}, rank ${m.parts.rank ?? `below the top ${m.parts.top.length}`}), it thought of: ${m.parts.top.map((c) => `${tokenText(c.piece)} ${probabilityPercent(c.logprob)}`).join(' · ')}.`
    : "Every forced token was the model's first choice.";
  const offPath = m.canonical ? '' : " Read along another token path than the tokenizer's split, so left out of every figure.";
  return `<p data-testid="page-call-probability">${esc(name[0]?.toUpperCase() ?? '')}${esc(name.slice(1))}: <strong>${probabilityPercent(m.logprob)}</strong> <span class="muted">— the model's probability of writing <code>${esc(forced)}</code> here (log ${m.logprob.toFixed(2)} over ${m.tokens.length} tokens: ${esc(tokens)}). ${esc(parted)}${offPath}</span></p>`;
}

function sampleHtml(r: SampleResult, prompt: RecordedPrompt | undefined, columns: CellColumns, probability: string): string {
  const verdict = verdictOf(r);
  const where = [cellText(r.cell, columns), ...Object.entries(r.facets ?? {}).map(([k, v]) => `${k} ${String(v)}`)].filter(Boolean).join(' · ');
  const words = verdictWords(r.score.errorType);
  const code = r.error?.kind ?? r.score.errorType ?? 'wrong';
  const why = verdict === 'none' ? `no answer: ${r.error?.message ?? ''}` : verdict === 'wrong' ? (words && !r.error ? `${words} (${code})` : code) : 'right';
  const output =
    r.output.length > SHOWN_OUTPUT ? `${r.output.slice(0, SHOWN_OUTPUT)}… (${r.output.length.toLocaleString('en-US')} characters; the whole output is in the run file inside this page)` : r.output;
  const parts = [
    `<summary>${esc(r.sampleId)} <span class="muted">· ${esc(where)} · ${esc(why)}</span></summary>`,
    `<p class="muted">Output${r.usage ? ` (${r.usage.promptTokens.toLocaleString('en-US')} prompt tokens, ${r.usage.completionTokens} answer tokens)` : ''}:</p><pre>${esc(output) || '(empty)'}</pre>`,
    r.parseError ? `<p class="muted">Read as: ${esc(r.parseError)}</p>` : '',
    r.callLogprob ? probabilityHtml(r.callLogprob, probability) : '',
    prompt?.expected ? `<p class="muted">Expected:</p><pre>${esc(prompt.expected)}</pre>` : '',
    prompt
      ? `<p class="muted">Prompt as sent (${prompt.promptTokens.toLocaleString('en-US')} tokens, ${prompt.toolCount} tools):</p><pre>${esc(prompt.messages.map((m) => `[${m.role}]\n${m.content}`).join('\n\n'))}</pre>`
      : '',
  ];
  return `<details class="sample ${verdict}" data-sample="${esc(r.sampleId)}">${parts.join('')}</details>`;
}

/** Refuses a chart that could run anything (ours are made by lib/analysis/svg.ts, every text escaped). */
function safeSvg(chart: SvgChart): string {
  if (/<script|<foreignObject|\son\w+\s*=|javascript:/i.test(chart.svg)) throw new Error(`the chart ${chart.name} holds markup a shared page may not carry`);
  return chart.svg;
}

/** The run and its recording without the server's address: the user did not choose to share it. */
function withoutServer(run: RunRow, recording: Recording | null): { run: RunRow; recording: Recording | null } {
  const { baseUrl, ...engine } = run.engine;
  if (!baseUrl) return { run, recording };
  const hide = (text: string) => text.split(baseUrl).join('<server>');
  const hidden = (r: Recording): Recording => ({ ...r, engine: hide(r.engine), command: hide(r.command), ...(r.note ? { note: hide(r.note) } : {}) });
  return { run: { ...run, engine, ...(run.recording ? { recording: hidden(run.recording) } : {}) }, recording: recording && hidden(recording) };
}

/** The page: one HTML document, no script, no request. */
export function runPageHtml(p: RunPageInput): string {
  const { run, recording } = p.withServer ? p : withoutServer(p.run, p.recording);
  const engine = `${ENGINE_KINDS[run.engine.kind].caption}${run.engine.model === run.engine.kind ? '' : ` ${run.engine.model}`}${run.engine.baseUrl ? ` at ${run.engine.baseUrl}` : ''}`;
  // the run as shown above: the server's address already left out unless asked
  const runFile = writeRunFile({ run, recording, results: p.results, prompts: p.prompts });
  const sorted = [...p.results].sort((a, b) => a.index - b.index);
  const columns = SUITES[run.suite].columns;
  const probability = probabilityName(SUITES[run.suite]);
  const seed = seedOf(run);
  const counts = { right: 0, wrong: 0, none: 0 };
  for (const r of sorted) counts[verdictOf(r)]++;
  const banner = recording
    ? `A recording: made on ${esc(recording.recordedAt)} with <strong>${esc(recording.model)}</strong> via ${esc(withoutLocalAddresses(recording.engine))}; re-create it with <code>${esc(portableCommand(recording.command))}</code>.${recording.note ? ` ${esc(recording.note)}` : ''}`
    : `Made with fc-playground; this page was written on ${esc(p.madeAt)}.`;
  const body = [
    `<h1>${esc(run.name)}</h1>`,
    `<p class="banner" data-testid="page-banner">${banner}</p>`,
    `<p class="headline" data-testid="page-headline"><strong>${esc(p.headline.label)}</strong>: ${esc(p.headline.text)}</p>`,
    `<p class="muted">${esc(engine)} · ${sorted.length} samples: ${counts.right} right, ${counts.wrong} wrong${counts.none ? `, ${counts.none} unanswered (engine errors, in no figure)` : ''} ·${seed === null ? '' : ` seed ${seed} ·`} tokens counted with ${esc(run.counterId)}${p.prompts.size ? ` · prompts included (${p.prompts.size})` : ' · prompts not included'}.</p>`,
    p.charts.length ? `<h2>Charts</h2>${p.charts.map((c) => `<figure data-chart="${esc(c.name)}">${safeSvg(c)}</figure>`).join('\n')}` : '',
    p.reportLines.length ? `<h2>Tables</h2><pre data-testid="page-tables">${esc(p.reportLines.join('\n'))}</pre>` : '',
    `<h2>Samples</h2>`,
    `<input type="radio" name="show" id="show-all" checked><input type="radio" name="show" id="show-right"><input type="radio" name="show" id="show-wrong">`,
    `<p class="filter"><label for="show-all">all (${sorted.length})</label><label for="show-right">right (${counts.right})</label><label for="show-wrong">wrong (${counts.wrong})</label></p>`,
    `<div class="samples" data-testid="page-samples">${sorted.map((r) => sampleHtml(r, p.prompts.get(r.sampleId), columns, probability)).join('\n')}</div>`,
    `<p class="muted">This page runs no script and asks nothing of the network. The run itself travels inside it: open this file in fc-playground (Results → Examples and run files → “Open a run file”) to see it there, exactly as it was exported.</p>`,
    dataBlock(DATA_OPEN, runFile),
  ];
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(run.name)} · fc-playground</title><style>${STYLE}</style></head>\n<body>\n${body.filter(Boolean).join('\n')}\n</body></html>\n`;
}

/** The run file of a shared run, as its page or a view's page carries it: without the server's address unless the user chose it. */
export function sharedRunFile(p: Pick<RunPageInput, 'run' | 'recording' | 'results' | 'prompts' | 'withServer'>): string {
  const { run, recording } = p.withServer ? p : withoutServer(p.run, p.recording);
  return writeRunFile({ run, recording, results: p.results, prompts: p.prompts });
}

/** Data, never executed: JSON (not a script type the browser runs), with "<" escaped so it cannot close its element. */
const dataBlock = (open: string, data: string | readonly string[]) => `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** A view's page's data block: the run files of the runs it draws, so the app opens the page again as those runs. */
export function runFilesBlock(runFiles: readonly string[]): string {
  if (runFiles.length > MAX_PAGE_RUNS) throw new Error(`a page carries at most ${MAX_PAGE_RUNS} runs (this view draws ${runFiles.length})`);
  return dataBlock(FILES_OPEN, runFiles);
}

/**
 * The run files a page written by the app carries — one for a run's page, every drawn run's for a
 * view's page — or null when the text is no HTML page.
 */
export function runFilesInPage(text: string, source = 'page'): string[] | null {
  const head = text.slice(0, 200).trimStart().toLowerCase();
  if (!head.startsWith('<!doctype html') && !head.startsWith('<html')) return null;
  if (text.length > MAX_PAGE_BYTES) throw new Error(`${source}: larger than ${MAX_PAGE_BYTES / 2 ** 20} MB`);
  const many = blockData(text, FILES_OPEN, source);
  if (many !== undefined) {
    if (!Array.isArray(many) || !many.every((f): f is string => typeof f === 'string')) throw new Error(`${source}: its data block holds no list of run files`);
    if (many.length === 0) throw new Error(`${source}: a saved view that carries no runs (it drew none of its own)`);
    if (many.length > MAX_PAGE_RUNS) throw new Error(`${source}: carries ${many.length} runs, more than the ${MAX_PAGE_RUNS} a page may`);
    return many;
  }
  const one = blockData(text, DATA_OPEN, source);
  if (one === undefined) throw new Error(`${source}: an HTML page, but not one fc-playground wrote (it carries no run file)`);
  if (typeof one !== 'string') throw new Error(`${source}: its data block holds no run file`);
  return [one];
}

/** The JSON in the page's last data block opened by `open`, or undefined when it has none. */
function blockData(text: string, open: string, source: string): unknown {
  const at = text.lastIndexOf(open);
  if (at < 0) return undefined;
  const end = text.indexOf('</script>', at);
  if (end < 0) throw new Error(`${source}: its run file is cut off (no end to its data block)`);
  try {
    return JSON.parse(text.slice(at + open.length, end));
  } catch (e) {
    throw new Error(`${source}: its run file is not readable JSON (${(e as Error).message})`);
  }
}
