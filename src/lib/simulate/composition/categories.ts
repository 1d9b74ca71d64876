/** The categories of CompToolBench's tool catalog, as our simulations group them. */
import type { Rng } from '../../core/random';
import type { SimTool } from '../define';

export const TOOL_CATEGORIES = [
  'math',
  'text',
  'external',
  'data',
  'web',
  'strings',
  'dates',
  'communication',
  'encoding',
  'retrieval',
  'files',
  'formatting',
  'productivity',
  'nlp',
  'state',
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<ToolCategory, string> = {
  math: 'Math & statistics',
  text: 'Text processing',
  external: 'External services',
  data: 'Data operations',
  web: 'Web & network',
  strings: 'String utilities',
  dates: 'Date & time',
  communication: 'Communication',
  encoding: 'Encoding & security',
  retrieval: 'Information retrieval',
  files: 'Files & documents',
  formatting: 'Formatting',
  productivity: 'Productivity',
  nlp: 'Language analysis',
  state: 'State & session',
};

/** A CompToolBench simulation: stateless, seeded by its arguments. */
export type CompositionTool = SimTool<Rng, ToolCategory>;
