/**
 * A suite's settings, each declared once with its bounds: the Run tab checks its fields against
 * them, the runner reads its flags within them and prints them in its usage, and a run file's
 * values are checked against them. A setting's default is the value at its path in the suite's
 * default configuration (`SuiteDeclaration.config.defaults`), the one the tab and the runner start from.
 */
import { type NumberField, numberProblem } from './number-fields';

interface SettingBase {
  /** where it lives in the suite's configuration (`expansion.added`) */
  path: string;
  /** the Run tab's words for it */
  label: string;
  /** the runner's flags that set it, the first being the one its usage names; none: the runner keeps the default */
  flags: readonly string[];
  min: number;
  max: number;
  /** what 0 asks for, where it is not a count of nothing (e.g. "all") */
  zero?: string;
}

/** One number (whole unless `fractional`). */
export interface NumberSetting extends SettingBase {
  kind: 'number';
  fractional?: true;
  /** what an empty value (null) asks for, where one is allowed; the runner takes it as this word (`--distractors all`) */
  empty?: string;
}

/** A list of numbers, each within the bounds (needle positions α, record numbers). */
interface ListSetting extends SettingBase {
  kind: 'list';
  fractional: boolean;
}

export type SuiteSetting = NumberSetting | ListSetting;

/**
 * A field of a suite's configuration that holds words: one of `allowed` (a list of them, with
 * `many`), or any text where `allowed` is null; absent only where `optional`. A run file's
 * configuration is checked against them beside the numbers.
 */
export interface WordSetting {
  path: string;
  allowed: readonly string[] | null;
  many?: true;
  optional?: true;
}

const SEED_MAX = 2 ** 31;
/** the largest per-cell count (requests, conversations, tasks per level) any suite takes */
export const MAX_PER_CELL = 10_000;

export const seedSetting = (path = 'seed'): NumberSetting => ({ kind: 'number', path, label: 'Seed', flags: ['seed'], min: 0, max: SEED_MAX });

/** the longest prompt a run may ask for, in tokens (beyond any model's window: a bound on what a file or a flag can ask) */
export const MAX_PROMPT_TOKENS = 2_000_000;

/**
 * The prompt lengths a suite fills (its axis), each a whole number of tokens. The runner reads them from
 * `--lengths` with `1K` spellings, the Run tab from its length chips: neither through this setting's flags.
 */
export const lengthsSetting = (): ListSetting => ({ kind: 'list', path: 'lengths', label: 'Prompt lengths (tokens)', flags: [], min: 1, max: MAX_PROMPT_TOKENS, fractional: false });

/** The value at a dotted path of a plain object (undefined where the path leads nowhere). */
export function valueAt(config: unknown, path: string): unknown {
  let v: unknown = config;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** A copy of `config` with `value` at `path` (the objects on the way copied, the rest shared). */
function withValueAt<C extends object>(config: C, path: string, value: unknown): C {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const here = config as Record<string, unknown>;
  const next = rest.length === 0 ? value : withValueAt((here[key] ?? {}) as object, rest.join('.'), value);
  return { ...config, [key]: next };
}

/** The Run tab's number fields of a configuration: every number setting (an empty one that means something is not a problem), `maxIn` narrowing where the data does. */
export function settingFields(settings: readonly SuiteSetting[], config: unknown, maxIn: Readonly<Record<string, number>> = {}): NumberField[] {
  return settings.flatMap((s): NumberField[] => {
    if (s.kind !== 'number') return [];
    const value = valueAt(config, s.path);
    if (value === null && s.empty) return [];
    return [{ label: s.label, value: value as number | null | undefined, min: s.min, max: Math.min(s.max, maxIn[s.path] ?? s.max), fractional: s.fractional ?? false }];
  });
}

/** What is wrong with a stored configuration's settings, each with its path ("count: 0 — give …"). */
export function settingProblems(settings: readonly SuiteSetting[], config: unknown): { path: string; problem: string }[] {
  const out: { path: string; problem: string }[] = [];
  for (const s of settings) {
    const value = valueAt(config, s.path);
    if (value === null && s.kind === 'number' && s.empty) continue;
    if (s.kind === 'number') {
      const problem = numberProblem({ label: s.label, value: value as number, min: s.min, max: s.max, fractional: s.fractional ?? false });
      if (problem) out.push({ path: s.path, problem });
      continue;
    }
    if (!Array.isArray(value)) {
      out.push({ path: s.path, problem: `${s.label}: expected a list of numbers` });
      continue;
    }
    for (const x of value) {
      const problem = numberProblem({ label: s.label, value: x as number, min: s.min, max: s.max, fractional: s.fractional });
      if (problem) {
        out.push({ path: s.path, problem });
        break;
      }
    }
  }
  return out;
}

/** How the runner reads a setting's flag: whole numbers, fractions and lists within the bounds, or the empty word. */
export interface SettingFlags {
  /** the flag's text, if given */
  text(flag: string): string | undefined;
  fail(message: string): never;
}

function parseNumber(flag: string, text: string, s: SuiteSetting, f: SettingFlags): number {
  const v = Number(text.trim());
  const whole = !s.fractional;
  // the bounds as the Run tab checks them (numberProblem); an empty flag is not 0
  if (text.trim() === '' || !Number.isFinite(v) || numberProblem({ label: s.label, value: v, min: s.min, max: s.max, fractional: !whole }) !== null)
    f.fail(`--${flag} (${s.label.toLowerCase()}): "${text}" must be ${whole ? 'a whole number' : 'a number'} from ${s.min} to ${s.max}${s.zero && s.min === 0 ? ` (0: ${s.zero})` : ''}`);
  return v;
}

/** The suite's defaults with every setting its flags give: the first of a setting's flags given wins. */
export function readSettingFlags<C extends object>(settings: readonly SuiteSetting[], defaults: C, f: SettingFlags): C {
  let config = structuredClone(defaults);
  for (const s of settings) {
    const flag = s.flags.find((x) => f.text(x) !== undefined);
    if (flag === undefined) continue;
    const text = f.text(flag) as string;
    let value: number | number[] | null;
    if (s.kind === 'list') {
      const items = text
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (items.length === 0) f.fail(`--${flag}: give at least one value`);
      value = items.map((x) => parseNumber(flag, x, s, f)).sort((a, b) => a - b);
    } else value = s.empty && text.trim() === s.empty ? null : parseNumber(flag, text, s, f);
    config = withValueAt(config, s.path, value);
  }
  return config;
}

/** The runner's usage of a suite's settings: each flag once, its bounds and default. */
export function settingUsage(settings: readonly SuiteSetting[], defaults: object): string {
  return settings
    .filter((s) => s.flags.length > 0)
    .map((s) => {
      const d = valueAt(defaults, s.path);
      const shown = d === null && s.kind === 'number' && s.empty ? s.empty : Array.isArray(d) ? d.join(',') : String(d);
      const also = s.flags.length > 1 ? `or --${s.flags.slice(1).join(', --')}; ` : '';
      const empty = s.kind === 'number' && s.empty ? `|${s.empty}` : '';
      const zero = s.zero && s.min === 0 ? `; 0: ${s.zero}` : '';
      return `--${s.flags[0]} ${s.kind === 'list' ? 'A,B' : 'N'}${empty} (${also}${s.min}–${s.max}${zero}; default ${shown})`;
    })
    .join(' ');
}

/** What is wrong with the words of a configuration (a run file's), by path: each problem names what was expected. */
export function wordProblems(words: readonly WordSetting[], config: unknown): { path: string; problem: string }[] {
  const out: { path: string; problem: string }[] = [];
  const expected = (w: WordSetting) => (w.allowed ? `one of ${w.allowed.join(', ')}` : 'a text');
  for (const w of words) {
    const value = valueAt(config, w.path);
    if (value === undefined && w.optional) continue;
    const values: unknown[] | null = w.many ? (Array.isArray(value) ? value : null) : [value];
    if (!values) {
      out.push({ path: w.path, problem: `expected a list, each ${expected(w)}` });
      continue;
    }
    const bad = values.find((v) => typeof v !== 'string' || (w.allowed !== null && !w.allowed.includes(v)));
    if (bad !== undefined) out.push({ path: w.path, problem: `${typeof bad === 'string' ? `"${bad.slice(0, 40)}" is not` : 'expected'} ${expected(w)}` });
  }
  return out;
}
