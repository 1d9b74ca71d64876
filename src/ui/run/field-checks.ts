/** The numbers a run's setup takes, checked before Start: an empty, fractional or out-of-range field says which and why. */
export interface NumberField {
  label: string;
  value: number | null | undefined;
  min: number;
  max: number;
}

export const SEED_MAX = 2 ** 31;

export function numberProblem(f: NumberField): string | null {
  const v = f.value;
  if (v === null || v === undefined || typeof v !== 'number' || Number.isNaN(v)) return `${f.label}: empty — give a whole number from ${f.min} to ${f.max}`;
  if (!Number.isInteger(v) || v < f.min || v > f.max) return `${f.label}: ${v} — give a whole number from ${f.min} to ${f.max}`;
  return null;
}

export const seedField = (value: number | null | undefined): NumberField => ({ label: 'Seed', value, min: 0, max: SEED_MAX });
