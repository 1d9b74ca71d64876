/** The numbers a run's setup takes, checked before Start: an empty, fractional or out-of-range field says which and why. */
export interface NumberField {
  label: string;
  value: number | null | undefined;
  min: number;
  max: number;
  /** any number in range, not only whole ones (a temperature) */
  fractional?: boolean;
}

export function numberProblem(f: NumberField): string | null {
  const v = f.value;
  const kind = f.fractional ? 'a number' : 'a whole number';
  if (v === null || v === undefined || typeof v !== 'number' || Number.isNaN(v)) return `${f.label}: empty — give ${kind} from ${f.min} to ${f.max}`;
  if ((!f.fractional && !Number.isInteger(v)) || v < f.min || v > f.max) return `${f.label}: ${v} — give ${kind} from ${f.min} to ${f.max}`;
  return null;
}
