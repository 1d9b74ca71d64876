/**
 * The findings as Markdown, from the rows of the app's first view (`effectRows`): the README's table
 * at a glance, docs/findings.md's tables per effect and its model ladder (`modelLadder`, as the first
 * view shows it).
 */
import { detectsText, formatP, formatPercent as pct, differenceText } from './format';
import { pairedDifferenceText, type PairedComparison } from './paired';
import { designsOf, detectsOf, EFFECTS, type EffectFinding, familyPText, measureNameOf, verdictText } from './findings';
import { effectRows, shortModelName } from './first-view';
import { modelLadder, type SizedRun } from './ladder';
import { recordingOf } from './recording-key';

/** a table cell holds no pipe */
const cell = (text: string) => text.replace(/\|/g, '/');

/** The recording's cell: its file as MODEL/DESIGN, and the command that re-records it when it is not `npm run bench:gallery -- MODEL DESIGN`. */
function recordingCell(run: { key: string; command?: string }): string {
  const r = recordingOf(run.key);
  const usual = r ? `npm run bench:gallery -- ${r.model} ${r.design}` : '';
  return `\`${cell(r ? `${r.model}/${r.design}` : run.key)}\`${run.command && run.command !== usual ? `, by \`${cell(run.command)}\`` : ''}`;
}

/** Each paper's effect with its restatements (on another measure, at other lengths), in the order declared. */
const effectFamilies = () => EFFECTS.filter((e) => !e.restates).map((base) => ({ base, family: EFFECTS.filter((e) => e.id === base.id || e.restates === base.id) }));

/**
 * A design's recording the gallery does not publish: `queued` (the evidence queue records it, no file
 * yet), `partial` while it is being made (its gallery command resumes it), or `complete`, either
 * `refused` by the gallery with the reason it gives or not published yet (its gallery command
 * publishes it).
 */
export interface UnpublishedRecording {
  model: string;
  design: string;
  state: 'queued' | 'partial' | 'complete';
  refused: string | null;
}

/** What a row waiting for `u` says of it. */
function unpublishedText(u: UnpublishedRecording): string {
  const name = `\`${cell(`${u.model}/${u.design}`)}\``;
  const command = `\`npm run bench:gallery -- ${cell(`${u.model} ${u.design}`)}\``;
  if (u.state === 'queued') return `${name} is queued (${command} records it)`;
  if (u.state === 'partial') return `${name} is partial (${command} resumes it)`;
  if (u.refused) return `${name} is complete but not published: ${cell(u.refused)}`;
  return `${name} is complete, not published yet (${command} publishes it)`;
}

/** The row of a measure no published recording gives yet, naming its design's recordings on disk. */
function notRecordedRow(measure: string, designs: readonly string[], unpublished: readonly UnpublishedRecording[]): string {
  const waiting = unpublished.filter((u) => designs.includes(u.design)).map(unpublishedText);
  return `| — | ${cell(measure)} | not recorded yet${waiting.length ? `: ${waiting.join('; ')}` : ''} | | | | | |`;
}

/**
 * The findings as Markdown, grouped by effect: for every paper's effect a line saying it and what the
 * paper measured, then its table — one row per model and measure, from that model's recording that
 * tests it on the most samples (`effectRows`, the app's rows), restatements on another measure or at
 * other lengths beside it. An effect no recording measures yet says so, and names its design's
 * recordings that are under way (`unpublished`). `runs` keyed by their run file's name (as
 * examples/index.json names it).
 */
export function findingsMarkdown(runs: readonly SizedRun<string>[], unpublished: readonly UnpublishedRecording[] = []): string {
  const measured = effectRows(runs);
  const header = ['| model | measure | A → B | B − A [95%] | p (Holm) | detects ≥ | verdict | recording, samples |', '| --- | --- | --- | --- | --- | --- | --- | --- |'];
  return effectFamilies()
    .map(({ base, family }) => {
      const heading = `**${cell(base.effect)}** — ${base.paper}: ${base.paperFigure}.`;
      const rows = family.flatMap((e) => {
        const measure = measureNameOf(e);
        const mine = measured.filter((r) => r.effectId === e.id);
        if (!mine.length) return [notRecordedRow(measure, designsOf(e), unpublished)];
        return mine.map(({ run, finding }) => {
          const c = finding.contrast;
          return `| ${cell(shortModelName(run.model))} | ${cell(measure)} | ${cell(`${finding.a} ${pct(c.a)} → ${finding.b} ${pct(c.b)}`)} | ${differenceText(c)} | ${familyPText(finding)} | ${detectsOf(finding)} | ${verdictText(finding)} | ${recordingCell(run)}, ${run.results.length} |`;
        });
      });
      return [heading, '', ...header, ...rows].join('\n');
    })
    .join('\n\n');
}

/** A verdict in a word or two: the family's verdict, and why a row could not decide (a floor) or does not count (exploratory). */
const shortVerdict = (f: EffectFinding): string => `${f.verdict}${f.bound ? `, a ${f.bound}` : f.exploratory ? ', exploratory' : ''}`;

/**
 * The findings at a glance, for the README: one row per effect and measure, one column per model
 * (largest first), each cell the verdict and B − A with its interval — the same rows as
 * `findingsMarkdown`, which gives their conditions, p-values and recordings.
 */
export function findingsSummaryMarkdown(runs: readonly SizedRun<string>[]): string {
  const measured = effectRows(runs);
  const models = [...new Map([...runs].sort((a, b) => b.parameters - a.parameters).map((r) => [r.model, shortModelName(r.model)])).entries()].filter(([m]) => measured.some((r) => r.model === m));
  const lines = effectFamilies().flatMap(({ base, family }) =>
    family.map((e) => {
      const what = e.restates ? '' : `${cell(base.effect)} (${cell(base.paper)})`;
      const measure = measureNameOf(e);
      const cells = models.map(([m]) => {
        const row = measured.find((r) => r.effectId === e.id && r.model === m);
        return row ? `${shortVerdict(row.finding)}: ${differenceText(row.finding.contrast)}` : '—';
      });
      return `| ${what} | ${cell(measure)} | ${cells.join(' | ')} |`;
    }),
  );
  return [`| effect (paper) | measure | ${models.map(([, name]) => cell(name)).join(' | ')} |`, `| --- | --- | ${models.map(() => '---').join(' | ')} |`, ...lines].join('\n');
}

/** A paired comparison's cells of a Markdown row: samples (requests), A, B, B − A [95%], p, detects ≥. */
const pairedCells = (p: PairedComparison): string => `${p.pairs} (${p.requests}) | ${pct(p.accuracyA)} | ${pct(p.accuracyB)} | ${pairedDifferenceText(p)} | ${formatP(p.pValue)} | ${detectsText(p)}`;

/** The model ladder as Markdown: each recording against a smaller model's on the samples both asked; empty when none shares samples. */
export function ladderMarkdown(runs: readonly SizedRun<string>[]): string {
  const steps = modelLadder(runs);
  if (!steps.length) return '';
  return [
    '| recordings (A → B) | models | samples (requests) | A | B | B − A [95%] | p | detects ≥ |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...steps.map(({ a, b, paired: p }) => `| \`examples/${cell(a.key)}\` → \`examples/${cell(b.key)}\` | ${cell(shortModelName(a.model))} → ${cell(shortModelName(b.model))} | ${pairedCells(p)} |`),
  ].join('\n');
}
