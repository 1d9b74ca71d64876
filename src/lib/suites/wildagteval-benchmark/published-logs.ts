/**
 * WildAgtEval's published result logs as runs made by another tool: one run per model and experiment
 * (both result folders of an isolated pair, every rung of the ladder), each log one result scored by
 * the analyzer's rules. The experiment is read from the folder's name as the repository's scripts
 * write it (`turn_level_tf_<model>_<prompt>_<config>_s<seed>_<targets>TRG`). The run floor makes each
 * a run of the app, labelled as a recording (`importedRun`).
 */
import { hashString } from '../../core/random';
import type { ForeignRun, JsonObject, SampleResult } from '../../core/types';
import { FormatError } from '../../formats/jsonl';
import { pairOf, tableTypeOf, WILD_EXPERIMENTS, type WildExperiment } from './experiments';
import { readWildLog, wildLogScore } from './log-score';
import { isObject } from '../../core/objects';

const FOLDER_NAME = /_(adhoc\+unclear|adhoc|none)_([a-z_]+?)_s\d+_([a-z_]+)TRG$/;
const TARGET_IN_FILE = /_TurnLevelTF_Turn(\d+)_Step(\d+)_([a-z_]+)\.json$/;
/** a folder of the repository's results holds hundreds of logs; a run imported from a whole disk does not */
const MAX_LOGS = 20_000;

/** The experiment a result folder holds, read from its name; null when the name does not say. */
export function experimentOfFolder(folder: string, cumulative: boolean): WildExperiment | null {
  const m = FOLDER_NAME.exec(folder);
  if (!m) return null;
  const [, prompt, config, targets] = m as unknown as [string, string, string, string];
  const found = WILD_EXPERIMENTS.filter(
    (e) => e.prompt === prompt && e.configFile === `${config}.yaml` && (cumulative ? e.mode === 'cumulative' : e.mode !== 'cumulative' && (e.targets?.file.includes(targets) ?? false)),
  );
  return found.length === 1 ? (found[0] as WildExperiment) : null;
}

function facetsOf(experiment: WildExperiment | null, file: string, log: JsonObject, cumulative: boolean): Record<string, string | number> {
  const target = TARGET_IN_FILE.exec(file);
  const conversation = `${file.replace(TARGET_IN_FILE, '').replace(/\.json$/, '')}.jsonl`;
  if (cumulative)
    return { mode: 'cumulative', ...(experiment ? { experiment: experiment.id, rung: experiment.label } : {}), conversation, turns: Array.isArray(log.query_results) ? log.query_results.length : 0 };
  const where: Record<string, string> = target ? { fn: target[3] as string, target: `${conversation} turn ${Number(target[1]) + 1} step ${Number(target[2]) + 1}` } : {};
  if (!experiment) return { mode: 'isolated', conversation, ...where };
  return { mode: 'isolated', experiment: experiment.id, type: tableTypeOf(experiment), switch: experiment.side ?? 'on', conversation, ...where, wording: 'coref' };
}

export interface ForeignRuns {
  runs: ForeignRun[];
  /** folders whose experiment their name does not say (imported, but not paired in Table 3 or placed on the ladder) */
  unrecognised: string[];
  /** files that are not result logs (summaries, analyses), by name */
  skipped: string[];
}

/** Every result log given (`<folder>/<file>.json`), grouped by folder into runs; a log that cannot be read stops the import, naming it. */
export function publishedWildRuns(files: readonly { name: string; text: string }[], now = Date.now()): ForeignRuns {
  const byFolder = new Map<string, { file: string; log: JsonObject; text: string }[]>();
  const skipped: string[] = [];
  if (files.length > MAX_LOGS) throw new FormatError('(the files given)', '(files)', `${files.length} files, more than ${MAX_LOGS}: pick result folders`);
  for (const f of files) {
    const parts = f.name.split('/');
    const file = parts.pop() ?? f.name;
    const folder = parts.pop() ?? 'results';
    if (!file.endsWith('.json') || file === 'scoring_reference.json') {
      skipped.push(f.name);
      continue;
    }
    const v = readWildLog(f.text, f.name);
    if (!isObject(v) || !Array.isArray(v.query_results)) {
      skipped.push(f.name);
      continue;
    }
    const list = byFolder.get(folder) ?? [];
    list.push({ file, log: v, text: f.text });
    byFolder.set(folder, list);
  }
  const unrecognised: string[] = [];
  // one run per model and experiment pair (both sides of an isolated pair, every rung of the ladder), as a run of the app holds them
  const groups = new Map<string, { label: string; folders: { folder: string; experiment: WildExperiment | null; logs: { file: string; log: JsonObject; text: string }[] }[] }>();
  for (const [folder, logs] of [...byFolder].sort(([a], [b]) => (a < b ? -1 : 1))) {
    logs.sort((a, b) => (a.file < b.file ? -1 : 1));
    const first = logs[0]?.log ?? {};
    const experiment = experimentOfFolder(folder, first.evaluation_type === 'step_by_step');
    if (!experiment) unrecognised.push(folder);
    const model = typeof first.model === 'string' ? first.model : 'unknown model';
    const [key, label] = !experiment
      ? [folder, folder]
      : experiment.mode === 'cumulative'
        ? [`${model}|cumulative`, 'cumulative ladder']
        : experiment.mode === 'isolated'
          ? [`${model}|${pairOf(experiment)}`, experiment.label]
          : [`${model}|${experiment.id}`, experiment.label];
    const group = groups.get(key) ?? { label: `${model} · WildAgtEval (published logs) · ${label}`, folders: [] };
    group.folders.push({ folder, experiment, logs });
    groups.set(key, group);
  }
  const runs: ForeignRun[] = [];
  for (const { label, folders } of groups.values()) {
    const all = folders.flatMap((f) => f.logs.map((l) => ({ ...l, folder: f.folder, experiment: f.experiment })));
    const first = all[0]?.log ?? {};
    const model = typeof first.model === 'string' ? first.model : 'unknown model';
    const runId = `wildagteval-log-${hashString(all.map((l) => `${l.folder}/${l.file}`).join('|'))}`;
    const results: SampleResult[] = all.map(({ file, log, text, folder, experiment }, index) => {
      const score = wildLogScore(text, `${folder}/${file}`, log);
      const sampleId = hashString(`${folder}/${file}`);
      const facets = facetsOf(experiment, file, log, log.evaluation_type === 'step_by_step');
      const steps = (score.api?.turns ?? []).flatMap((t) => t.steps.filter((s) => s.source === 'agent'));
      return {
        id: `${runId}:${sampleId}`,
        runId,
        sampleId,
        itemId: String(facets.conversation),
        index,
        cell: { length: 0, variant: String(facets.switch ?? facets.rung ?? '') },
        facets,
        output: steps.map((s) => s.reply).join('\n\n'),
        calls: steps.flatMap((s) => (s.call ? [{ name: s.call.api, args: s.call.params }] : [])),
        parseError: null,
        score,
        usage: null,
        timings: null,
        error: null,
        createdAt: now,
      };
    });
    runs.push({
      id: runId,
      name: label,
      model,
      recordedAt: typeof first.evaluated_at === 'string' ? first.evaluated_at : 'unknown date',
      engine: "WildAgtEval's own runner",
      command: `WildAgtEval's scripts (result folders ${folders.map((f) => f.folder).join(', ')})`,
      note: 'Imported from published result logs; scored here by the analyzer’s rules.',
      results,
    });
  }
  return { runs, unrecognised, skipped };
}
