/**
 * What the run setup derives from the chosen suite's settings: how big the run is, what it still
 * needs, which of its numbers to check, and the name and configuration the run is stored with.
 * Plain functions of a snapshot of the setup (RunSetup.svelte holds the state).
 */
import { formatTokens } from '../../lib/analysis/format';
import type { RunRow, SuiteId } from '../../lib/run/run-row';
import type { CatalogSweep } from '../../lib/suites/catalog/suite';
import { catalogRunSize, type RunSize } from '../../lib/run/estimate';
import { type ApiComplexityConfig, planApiComplexity } from '../../lib/suites/api-complexity/suite';
import type { Conversation } from '../../lib/suites/api-complexity/conversations';
import type { OwnApiSetup } from '../../lib/suites/api-complexity/request-conversations';
import type { CompositionConfig } from '../../lib/suites/composition/suite';
import type { MultiturnConfig } from '../../lib/suites/multiturn/suite';
import { cellsOf, type ResponseQaConfig } from '../../lib/suites/response-qa/config';
import type { RobustnessConfig } from '../../lib/suites/robustness/suite';
import { WILD_EXPERIMENTS } from '../../lib/suites/wildagteval/experiments';
import type { WildAgtEvalConfig, WildPlanSummary } from '../../lib/suites/wildagteval/suite';
import { type NumberField, seedField } from './field-checks';

/** Constrained decoding asked of a run: off, on, or (catalog only) both as cell variants side by side. */
export type Constraint = 'off' | 'on' | 'both';

export interface SuiteSetup {
  suite: SuiteId;
  /** the model's name as the run's name starts */
  modelName: string;
  /** the engine asks a model (it can judge; constraints act) */
  asksModel: boolean;
  replay: boolean;
  catalog: CatalogSweep & { constraint: Constraint; askedPacks: readonly string[]; selectedPacks: readonly string[] };
  robustness: RobustnessConfig;
  responseQa: ResponseQaConfig;
  multiturn: MultiturnConfig;
  composition: CompositionConfig;
  apiComplexity: ApiComplexityConfig;
  wildagteval: WildAgtEvalConfig;
  /** requests of the packs asked */
  itemCount: number;
  conversationsAvailable: number;
  tasksAvailable: Partial<Record<string, number>>;
  /** composition: the tasks a predictions file answers (only those run) */
  predictedTasks: string[] | null;
  /** API complexity: the built-in conversations, or the user's tools and requests (with the pack's name) */
  apiConversations: readonly Conversation[];
  ownApi: (OwnApiSetup & { name: string }) | null;
  wild: { packId: string | null; conversations: number | null; plan: WildPlanSummary | { error: string } | null; refusal: string | null; promptTokens: number };
}

/** The run's size asked once per sample. */
export function suiteSize(s: SuiteSetup): RunSize {
  switch (s.suite) {
    case 'catalog':
      return catalogRunSize(s.catalog, s.itemCount);
    case 'robustness':
      return { samples: Math.min(s.robustness.count, s.itemCount) * s.robustness.variants.length, promptTokens: null };
    case 'response-qa': {
      const cells = cellsOf(s.responseQa);
      return { samples: cells.length * s.responseQa.samplesPerCell, promptTokens: cells.reduce((n, c) => n + c.length * s.responseQa.samplesPerCell, 0) };
    }
    case 'multiturn': {
      const per = Math.min(s.multiturn.count, s.conversationsAvailable) * s.multiturn.settings.length;
      return { samples: s.multiturn.lengths.length * per, promptTokens: s.multiturn.lengths.reduce((n, l) => n + l * per, 0) };
    }
    case 'composition': {
      const c = s.composition;
      const of = (l: string) => s.tasksAvailable[l] ?? 0;
      const samples = s.predictedTasks ? s.predictedTasks.length : c.levels.reduce((n, l) => n + (c.perLevel > 0 ? Math.min(c.perLevel, of(l)) : of(l)), 0);
      return { samples, promptTokens: null };
    }
    case 'api-complexity':
      return { samples: planApiComplexity(s.apiComplexity, s.ownApi?.conversations ?? s.apiConversations, s.ownApi?.system).length, promptTokens: null };
    case 'wildagteval':
      return { samples: s.wild.plan && 'samples' in s.wild.plan ? s.wild.plan.samples : 0, promptTokens: null };
  }
}

/** What the chosen suite still needs before Start, in words. */
export function suiteNeeds(s: SuiteSetup): string[] {
  const need = (missing: boolean, what: string) => (missing ? [what] : []);
  const episodesNeedAnswers = need(s.replay, 'episodes need an engine that answers each step: a replay file cannot');
  switch (s.suite) {
    case 'catalog':
      return [...need(s.catalog.lengths.length === 0, 'choose a context length'), ...need(s.catalog.positions.length === 0, 'choose a needle position'), ...need(s.catalog.askedPacks.length === 0, 'choose the packs whose requests are asked')];
    case 'robustness':
      return need(s.robustness.variants.length === 0, 'choose a variant');
    case 'response-qa': {
      const qa = s.responseQa;
      return [...need(qa.lengths.length === 0, 'choose a response length'), ...need(qa.experiments.length === 0, 'choose an experiment'), ...need(qa.experiments.includes('position') && qa.positions.length === 0, 'choose a record position')];
    }
    case 'multiturn':
      return [...need(s.multiturn.lengths.length === 0, 'choose a conversation length'), ...need(s.multiturn.settings.length === 0, 'choose a setting')];
    case 'composition':
      return need(s.composition.levels.length === 0, 'choose a level');
    case 'api-complexity': {
      const a = s.apiComplexity;
      return [
        ...need(a.mode === 'isolated' ? a.types.length === 0 : a.ladder.length === 0, a.mode === 'isolated' ? 'choose a complexity type' : 'choose a rung of the ladder'),
        ...need(a.wordings.length === 0, 'choose a wording'),
        ...episodesNeedAnswers,
        ...need(a.packId !== undefined && s.ownApi === null, 'the chosen tools pack is not stored any more'),
      ];
    }
    case 'wildagteval': {
      const plan = s.wild.plan;
      return [
        ...need(s.wild.packId === null, "WildAgtEval's benchmark: import it on the Packs tab"),
        ...need(s.wildagteval.experiments.length === 0, 'choose an experiment'),
        ...episodesNeedAnswers,
        ...need(plan !== null && 'error' in plan, `a setup that can run (${plan && 'error' in plan ? plan.error : ''})`),
        ...need(s.wild.refusal !== null, `a model whose window takes the prompt (${s.wild.promptTokens.toLocaleString('en-US')} tokens and the answer; see above)`),
      ];
    }
  }
}

/** The chosen suite's number fields, checked before Start. */
export function suiteNumberFields(s: SuiteSetup): NumberField[] {
  switch (s.suite) {
    case 'catalog':
      return [{ label: 'Requests per cell', value: s.catalog.samplesPerCell, min: 1, max: 500 }, seedField(s.catalog.seed)];
    case 'robustness':
      return [{ label: 'Requests in the base set', value: s.robustness.count, min: 1, max: 2000 }, seedField(s.robustness.seed), { label: 'Tools added per request', value: s.robustness.expansion.added, min: 0, max: 20 }];
    case 'response-qa':
      return [{ label: 'Questions per cell', value: s.responseQa.samplesPerCell, min: 1, max: 500 }, seedField(s.responseQa.seed)];
    case 'multiturn':
      return [{ label: 'Base conversations', value: s.multiturn.count, min: 1, max: 1000 }, seedField(s.multiturn.seed)];
    case 'composition': {
      const c = s.composition;
      return [{ label: 'Tasks per level', value: c.perLevel, min: 0, max: 1000 }, seedField(c.seed), ...(c.distractors === null ? [] : [{ label: 'Distractor tools', value: c.distractors, min: 0, max: 500 }])];
    }
    case 'api-complexity':
      return [
        { label: 'Target points per type', value: s.apiComplexity.perType, min: 0, max: 500 },
        { label: 'Conversations', value: s.apiComplexity.conversations, min: 0, max: (s.ownApi?.conversations ?? s.apiConversations).length },
        { label: 'Replies per turn', value: s.apiComplexity.maxSteps, min: 1, max: 50 },
        seedField(s.apiComplexity.seed),
      ];
    case 'wildagteval':
      return [{ label: 'Conversations', value: s.wildagteval.conversations, min: 0, max: s.wild.conversations ?? 300 }];
  }
}

export type SuiteRun = Pick<RunRow, 'name' | 'sweep' | 'robustness' | 'responseQa' | 'multiturn' | 'composition' | 'apiComplexity' | 'wildagteval'>;

/** The run's name and its suite's configuration, as Start stores them. */
export function suiteRun(s: SuiteSetup): SuiteRun {
  const ladder = (ls: readonly number[]) => [...ls].sort((x, y) => x - y).map(formatTokens).join('/');
  const sorted = (ls: readonly number[]) => [...ls].sort((a, b) => a - b);
  const modelName = s.modelName;
  switch (s.suite) {
    case 'catalog': {
      const c = s.catalog;
      return {
        name: `${modelName} · catalog · ${ladder(c.lengths)}${c.constraint === 'off' ? '' : c.constraint === 'on' ? ' · constrained' : ' · free vs constrained'}`,
        sweep: {
          lengths: sorted(c.lengths),
          positions: sorted(c.positions),
          samplesPerCell: c.samplesPerCell,
          seed: c.seed,
          ...(c.variants ? { variants: c.variants } : {}),
          ...(c.askedPacks.length < c.selectedPacks.length ? { requestPackIds: [...c.askedPacks] } : {}),
        },
      };
    }
    case 'robustness': {
      const r = s.robustness;
      return { name: `${modelName} · robustness · ${r.count} requests · ${r.variants.join('/')}`, sweep: { lengths: [], positions: [], samplesPerCell: r.count, seed: r.seed }, robustness: r };
    }
    case 'response-qa': {
      const qa = s.responseQa;
      return { name: `${modelName} · response QA · ${ladder(qa.lengths)}`, sweep: { lengths: sorted(qa.lengths), positions: qa.positions, samplesPerCell: qa.samplesPerCell, seed: qa.seed }, responseQa: qa };
    }
    case 'multiturn': {
      const mt = s.multiturn;
      return { name: `${modelName} · multi-turn · ${ladder(mt.lengths)}`, sweep: { lengths: sorted(mt.lengths), positions: [0], samplesPerCell: mt.count, seed: mt.seed }, multiturn: mt };
    }
    case 'composition': {
      const c = { ...s.composition, ...(s.predictedTasks ? { onlyTasks: s.predictedTasks } : {}) };
      const offered = c.distractors === null ? 'full catalog' : `+${c.distractors} distractors`;
      return { name: `${modelName} · composition · ${c.protocol} · ${offered}`, sweep: { lengths: [], positions: [], samplesPerCell: c.perLevel, seed: c.seed }, composition: c };
    }
    case 'api-complexity': {
      // an engine that is not a model cannot judge: the rubric checks do
      const a = { ...s.apiComplexity, ...(s.asksModel ? {} : { judge: 'rubric' as const }) };
      const what = a.mode === 'isolated' ? a.types.join('/') : a.ladder.join(' → ');
      const on = s.ownApi ? ` · ${s.ownApi.name}` : '';
      return { name: `${modelName} · API complexity${on} · ${a.mode} · ${what}`, sweep: { lengths: [], positions: [], samplesPerCell: a.perType, seed: a.seed }, apiComplexity: a };
    }
    case 'wildagteval': {
      const w = { ...s.wildagteval, packId: s.wild.packId ?? '' };
      const labels = [...new Set(WILD_EXPERIMENTS.filter((e) => w.experiments.includes(e.id)).map((e) => e.label))];
      return { name: `${modelName} · WildAgtEval · ${w.set}${w.conversations ? ` (${w.conversations})` : ''} · ${labels.join(', ')}`, sweep: { lengths: [], positions: [], samplesPerCell: 0, seed: 0 }, wildagteval: w };
    }
  }
}
