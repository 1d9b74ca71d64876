/** The data a LineChart draws: one series per run (or setting), points with an optional 95% interval. */
export interface LinePoint {
  x: number;
  y: number;
  low?: number;
  high?: number;
  n?: number;
}

export interface LineSeries {
  name: string;
  points: LinePoint[];
  /** drawn faintly: a series that says little (a model at a floor), its words say why */
  faint?: boolean;
  /** the gallery model it draws (its short name), which keeps one colour and dash in every chart */
  model?: string;
  /** a paper's own figures drawn beside the runs: grey, dotted, hollow points, never a run's colour */
  reference?: boolean;
}

/** Grouped accuracies as chart points (groups with numeric keys only). */
export function pointsOf(groups: readonly { key: string | number; accuracy: number; containsAccuracy: number; low: number; high: number; n: number }[], contains = false): LinePoint[] {
  return groups
    .filter((g): g is typeof g & { key: number } => typeof g.key === 'number')
    .map((g) => (contains ? { x: g.key, y: g.containsAccuracy, n: g.n } : { x: g.key, y: g.accuracy, low: g.low, high: g.high, n: g.n }));
}
