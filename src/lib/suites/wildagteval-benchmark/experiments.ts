/**
 * WildAgtEval's experiment matrix as its run scripts fix it (`scripts/run_isolated_eval.sh`,
 * `run_error_based_complexity.sh`, `run_cumulative_eval.sh`, with their uncertainty configs and
 * target-function files): which prompt, which switches, which target functions. Runner
 * configuration, transcribed (WildAgtEval, Kim et al., CC BY 4.0).
 */
import type { WildPromptVariant } from './benchmark-files';
import { switchKey, type SwitchType } from './world/switches';
import type { TargetLimits } from './protocol';

const AD_HOC_FUNCTIONS = ['track_order', 'lock_lock', 'lock_unlock', 'color_set', 'get_call_history', 'make_call', 'play', 'stock_price'] as const;
const NOTICE_FUNCTIONS = ['color_set', 'create_meal_plan', 'get_media_details', 'get_notifications', 'make_call', 'search_media', 'temperature_set', 'stock_watchlist'] as const;
const IRRELEVANT_FUNCTIONS = ['find_call_device', 'get_call_history', 'get_messages', 'get_restaurant_menu', 'knowledge_lookup', 'search_recipes', 'stock_watchlist', 'weather_forecast'] as const;
const FEATURE_LIMITED_FUNCTIONS = ['get_messages', 'get_notifications', 'weather_forecast', 'track_order', 'stock_watchlist', 'news_personalized', 'get_user_inventory', 'get_call_history'] as const;
const SYSTEM_FAILURE_FUNCTIONS = ['make_call', 'place_delivery_order', 'send_message', 'color_set', 'get_user_inventory', 'play', 'track_delivery_order', 'stock_price'] as const;
const UNCLEAR_TARGETS = [
  'find_call_device',
  'find_contact',
  'make_call',
  'get_user_inventory',
  'color_set',
  'power_off',
  'mode_set',
  'temperature_set',
  'create_alarm',
  'create_reminder',
  'get_reminders',
  'place_delivery_order',
  'search_product',
] as const;
const AD_HOC_TARGETS = ['get_call_history', 'make_call', 'play', 'color_set', 'lock_lock', 'lock_unlock', 'stock_price', 'track_order'] as const;

/** Switch families on, each with its functions (an uncertainty config's enabled entries). */
export type WildSwitchConfig = Partial<Record<SwitchType, readonly string[]>>;

interface WildTargets {
  /** the target-function file's name (its name decides whether a target is replayed) */
  file: string;
  functions: readonly string[];
  limits?: TargetLimits;
}

export interface WildExperiment {
  id: string;
  mode: 'isolated' | 'error' | 'cumulative';
  /** the paper's label: "ad-hoc", "+Unclear", "get_messages (feature limitation)"… */
  label: string;
  /** the complexity off/on side of an isolated pair */
  side: 'off' | 'on' | null;
  /** the repository's code copy: its no-complexity copy has no switches at all */
  code: 'no_complexity' | 'complexity';
  prompt: WildPromptVariant;
  /** the uncertainty config's file name and what it enables */
  configFile: string;
  switches: WildSwitchConfig;
  targets: WildTargets | null;
}

const AD_HOC: WildSwitchConfig = { ADHOC: AD_HOC_FUNCTIONS };

function isolatedPair(
  id: string,
  label: string,
  targets: WildTargets,
  off: Pick<WildExperiment, 'code' | 'prompt' | 'configFile' | 'switches'>,
  on: Pick<WildExperiment, 'code' | 'prompt' | 'configFile' | 'switches'>,
): WildExperiment[] {
  return [
    { id: `isolated:${id}:off`, mode: 'isolated', label, side: 'off', targets, ...off },
    { id: `isolated:${id}:on`, mode: 'isolated', label, side: 'on', targets, ...on },
  ];
}

const adhocConfig = { code: 'complexity', configFile: 'adhoc.yaml', switches: AD_HOC } as const;

/** `run_error_based_complexity.sh`: one function's error switch (and the ad-hoc ones), the unclear prompt, that function as the only target. */
function errorExperiment(kind: 'feature_limitation' | 'system_failure', fn: string): WildExperiment {
  const type: SwitchType = kind === 'feature_limitation' ? 'FEATURE_LIMITATION_ERROR' : 'SYSTEM_FAILURE_ERROR';
  return {
    id: `error:${kind}:${fn}`,
    mode: 'error',
    label: `${fn} (${kind.replace('_', ' ')})`,
    side: 'on',
    code: 'complexity',
    prompt: 'adhoc+unclear',
    configFile: `${kind}_${fn}.yaml`,
    switches: { ...AD_HOC, [type]: [fn] },
    targets: { file: `target_functions_${fn}.yaml`, functions: [fn] },
  };
}

export const WILD_EXPERIMENTS: readonly WildExperiment[] = [
  ...isolatedPair(
    'ad-hoc',
    'Ad-hoc rules',
    { file: 'target_functions_adhoc.yaml', functions: AD_HOC_TARGETS },
    { code: 'no_complexity', prompt: 'none', configFile: 'none.yaml', switches: {} },
    { ...adhocConfig, prompt: 'adhoc' },
  ),
  ...isolatedPair(
    'unclear',
    'Unclear functionality boundaries',
    { file: 'target_functions_unclear.yaml', functions: UNCLEAR_TARGETS, limits: { perFunction: 4 } },
    { ...adhocConfig, prompt: 'adhoc' },
    { ...adhocConfig, prompt: 'adhoc+unclear' },
  ),
  ...isolatedPair(
    'notice',
    'Informational notices',
    { file: 'target_functions_informational_notice.yaml', functions: NOTICE_FUNCTIONS },
    { ...adhocConfig, prompt: 'adhoc+unclear' },
    { code: 'complexity', prompt: 'adhoc+unclear', configFile: 'informational_notice.yaml', switches: { ...AD_HOC, INFORMATIONAL_NOTICE: NOTICE_FUNCTIONS } },
  ),
  ...isolatedPair(
    'irrelevant',
    'Partially irrelevant information',
    { file: 'target_functions_partially_irrelevant.yaml', functions: IRRELEVANT_FUNCTIONS },
    { ...adhocConfig, prompt: 'adhoc+unclear' },
    { code: 'complexity', prompt: 'adhoc+unclear', configFile: 'partially_irrelevant.yaml', switches: { ...AD_HOC, PARTIALLY_IRRELEVANT_INFORMATION: IRRELEVANT_FUNCTIONS } },
  ),
  ...FEATURE_LIMITED_FUNCTIONS.map((fn) => errorExperiment('feature_limitation', fn)),
  ...SYSTEM_FAILURE_FUNCTIONS.map((fn) => errorExperiment('system_failure', fn)),
  // the cumulative ladder; as shipped, "+Irrelevant" does not keep the notices on
  { id: 'cumulative:none', mode: 'cumulative', label: 'None', side: null, code: 'no_complexity', prompt: 'none', configFile: 'none.yaml', switches: {}, targets: null },
  { id: 'cumulative:ad-hoc', mode: 'cumulative', label: 'Ad-hoc', side: null, ...adhocConfig, prompt: 'adhoc', targets: null },
  { id: 'cumulative:unclear', mode: 'cumulative', label: '+Unclear', side: null, ...adhocConfig, prompt: 'adhoc+unclear', targets: null },
  {
    id: 'cumulative:info',
    mode: 'cumulative',
    label: '+Info',
    side: null,
    code: 'complexity',
    prompt: 'adhoc+unclear',
    configFile: 'informational_notice.yaml',
    switches: { ...AD_HOC, INFORMATIONAL_NOTICE: NOTICE_FUNCTIONS },
    targets: null,
  },
  {
    id: 'cumulative:irrelevant',
    mode: 'cumulative',
    label: '+Irrelevant',
    side: null,
    code: 'complexity',
    prompt: 'adhoc+unclear',
    configFile: 'partially_irrelevant.yaml',
    switches: { ...AD_HOC, PARTIALLY_IRRELEVANT_INFORMATION: IRRELEVANT_FUNCTIONS },
    targets: null,
  },
];

/** The cumulative ladder's rungs in the paper's order (Figure 4). */
export const WILD_LADDER: readonly string[] = WILD_EXPERIMENTS.filter((e) => e.mode === 'cumulative').map((e) => e.label);

/** The switch set the API system reads (`<TYPE>:<function>`). */
export function switchSet(config: WildSwitchConfig): ReadonlySet<string> {
  return new Set(Object.entries(config).flatMap(([type, fns]) => (fns ?? []).map((fn) => switchKey(type as SwitchType, fn))));
}

const COMPLEXITY_IN_FILE_NAME = ['informational_notice', 'feature_limitation', 'partially_irrelevant', 'irrelevant', 'system_failure'];

/**
 * Is the target call itself replayed from gold (the agent is judged on what it does with its
 * result) or produced by the agent? Replayed when the function is under an enabled switch or the
 * targets file names a complexity type and lists it; a targets file named `adhoc` forces no.
 */
export function isTargetReplayed(experiment: WildExperiment, fn: string): boolean {
  const targets = experiment.targets;
  if (!targets || targets.file.includes('adhoc')) return false;
  if (Object.values(experiment.switches).some((fns) => fns?.includes(fn))) return true;
  return COMPLEXITY_IN_FILE_NAME.some((t) => targets.file.includes(t)) && targets.functions.includes(fn);
}

/** After a target that ends its turn, the next turn is run by the agent too — unless an error switch is on for the target. */
export function runsCrossTurn(experiment: WildExperiment, fn: string): boolean {
  return !(experiment.switches.SYSTEM_FAILURE_ERROR?.includes(fn) || experiment.switches.FEATURE_LIMITATION_ERROR?.includes(fn));
}

/** Why an experiment cannot run on these imported prompts yet, or null when it can. */
export function whyNotRunnable(experiment: WildExperiment, prompts: readonly WildPromptVariant[]): string | null {
  if (!prompts.includes(experiment.prompt)) return `needs the "${experiment.prompt}" agent prompt file (${PROMPT_FILES[experiment.prompt]}), not imported`;
  return null;
}

/** Where each prompt variant lives in the repository. */
export const PROMPT_FILES: Readonly<Record<WildPromptVariant, string>> = {
  none: 'API_NoComplexity/…/centralized_prompt.md',
  adhoc: 'API_Complexity/…/centralized_prompt.md',
  'adhoc+unclear': 'API_Complexity/…/centralized_prompt_unclear.md',
};

/** An experiment's id without its side: the two sides of an isolated pair share it (`isolated:ad-hoc`). */
export const pairOf = (experiment: Pick<WildExperiment, 'id'>): string => experiment.id.replace(/:(off|on)$/, '');

/** The type of Table 3 an experiment's results count under (named as the API-complexity suite names them, so the same views read both). */
export function tableTypeOf(experiment: WildExperiment): string {
  if (experiment.mode === 'error') return experiment.switches.FEATURE_LIMITATION_ERROR?.length ? 'feature_limit' : 'system_failure';
  const type = pairOf(experiment).split(':')[1] ?? experiment.id;
  return type === 'ad-hoc' ? 'ad_hoc' : type;
}
