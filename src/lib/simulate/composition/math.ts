/** Math & statistics: real computation. */
import { evaluateExpression } from './arithmetic';
import { defineTool, fail, round } from '../define';
import type { CompositionTool } from './categories';

const values = { type: 'array', items: 'float', description: 'The numbers, e.g. [3, 5.5, 8].' } as const;

function nonEmpty(xs: number[], name = 'values'): number[] {
  if (xs.length === 0) fail('invalid_arguments', `'${name}' must not be empty`);
  return xs;
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const std = (xs: number[], sample: boolean) => {
  const m = mean(xs);
  const n = sample ? xs.length - 1 : xs.length;
  if (n <= 0) fail('invalid_arguments', 'a sample standard deviation needs at least two values');
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / n);
};
function percentileOf(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const k = (s.length - 1) * (p / 100);
  const lo = Math.floor(k);
  const hi = Math.ceil(k);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (k - lo);
}
function pairs(a: number[], b: number[]): void {
  if (a.length !== b.length) fail('invalid_arguments', "'x' and 'y' must have the same length");
  if (a.length < 2) fail('invalid_arguments', 'at least two points are needed');
}

const UNIT_FACTORS: Record<string, [string, number]> = {
  meters: ['length', 1],
  kilometers: ['length', 1000],
  miles: ['length', 1609.344],
  feet: ['length', 0.3048],
  inches: ['length', 0.0254],
  kilograms: ['mass', 1],
  grams: ['mass', 0.001],
  pounds: ['mass', 0.45359237],
  ounces: ['mass', 0.028349523125],
  liters: ['volume', 1],
  milliliters: ['volume', 0.001],
  gallons: ['volume', 3.785411784],
};
const TEMPERATURES = ['celsius', 'fahrenheit', 'kelvin'];
const UNITS = [...Object.keys(UNIT_FACTORS), ...TEMPERATURES];

function toCelsius(v: number, unit: string): number {
  return unit === 'celsius' ? v : unit === 'fahrenheit' ? ((v - 32) * 5) / 9 : v - 273.15;
}
function fromCelsius(v: number, unit: string): number {
  return unit === 'celsius' ? v : unit === 'fahrenheit' ? (v * 9) / 5 + 32 : v + 273.15;
}

export const MATH_TOOLS: CompositionTool[] = [
  defineTool({
    name: 'calculator',
    category: 'math',
    description: 'Evaluate an arithmetic expression with + - * / % ^, parentheses, sqrt(), abs() and round().',
    params: { expression: { type: 'string', description: 'The expression, e.g. "(12.5 + 7) * 3".' } },
    returns: '{result}',
    impl: (a) => ({ result: round(evaluateExpression(a.str('expression')), 6) }),
  }),
  defineTool({
    name: 'statistical_analysis',
    category: 'math',
    description: 'Descriptive statistics of a list of numbers: count, mean, median, minimum, maximum, standard deviation.',
    params: { values },
    returns: '{count, mean, median, min, max, std}',
    impl: (a) => {
      const xs = nonEmpty(a.numbers('values'));
      return { count: xs.length, mean: round(mean(xs), 4), median: round(percentileOf(xs, 50), 4), min: Math.min(...xs), max: Math.max(...xs), std: round(std(xs, false), 4) };
    },
  }),
  defineTool({
    name: 'average',
    category: 'math',
    description: 'The arithmetic mean of a list of numbers.',
    params: { values },
    returns: '{mean}',
    impl: (a) => ({ mean: round(mean(nonEmpty(a.numbers('values'))), 4) }),
  }),
  defineTool({
    name: 'standard_deviation',
    category: 'math',
    description: 'Standard deviation of a list of numbers (population by default, or sample).',
    params: { values, sample: { type: 'boolean', description: 'Use the sample formula (n − 1).', optional: true } },
    returns: '{std}',
    impl: (a) => ({ std: round(std(nonEmpty(a.numbers('values')), a.bool('sample')), 4) }),
  }),
  defineTool({
    name: 'percentile',
    category: 'math',
    description: 'The p-th percentile of a list of numbers (linear interpolation).',
    params: { values, percentile: { type: 'float', description: 'Between 0 and 100, e.g. 90.' } },
    returns: '{value}',
    impl: (a) => {
      const p = a.num('percentile');
      if (p < 0 || p > 100) fail('invalid_arguments', "'percentile' must be between 0 and 100");
      return { value: round(percentileOf(nonEmpty(a.numbers('values')), p), 4) };
    },
  }),
  defineTool({
    name: 'min_max',
    category: 'math',
    description: 'The smallest and largest of a list of numbers, with their positions (0-based).',
    params: { values },
    returns: '{min, max, min_index, max_index}',
    impl: (a) => {
      const xs = nonEmpty(a.numbers('values'));
      const min = Math.min(...xs);
      const max = Math.max(...xs);
      return { min, max, min_index: xs.indexOf(min), max_index: xs.indexOf(max) };
    },
  }),
  defineTool({
    name: 'correlation',
    category: 'math',
    description: 'Pearson correlation coefficient between two equally long lists of numbers.',
    params: { x: { ...values, description: 'First series.' }, y: { ...values, description: 'Second series.' } },
    returns: '{r}',
    impl: (a) => {
      const x = a.numbers('x');
      const y = a.numbers('y');
      pairs(x, y);
      const sx = std(x, false);
      const sy = std(y, false);
      if (sx === 0 || sy === 0) fail('execution_error', 'a constant series has no correlation');
      const mx = mean(x);
      const my = mean(y);
      return { r: round(x.reduce((s, xi, i) => s + (xi - mx) * ((y[i] as number) - my), 0) / x.length / sx / sy, 4) };
    },
  }),
  defineTool({
    name: 'linear_regression',
    category: 'math',
    description: 'Least-squares line y = slope · x + intercept through the points.',
    params: { x: { ...values, description: 'Inputs.' }, y: { ...values, description: 'Outputs.' } },
    returns: '{slope, intercept}',
    impl: (a) => {
      const x = a.numbers('x');
      const y = a.numbers('y');
      pairs(x, y);
      const mx = mean(x);
      const my = mean(y);
      const sxx = x.reduce((s, xi) => s + (xi - mx) ** 2, 0);
      if (sxx === 0) fail('execution_error', 'all x values are equal');
      const slope = x.reduce((s, xi, i) => s + (xi - mx) * ((y[i] as number) - my), 0) / sxx;
      return { slope: round(slope, 4), intercept: round(my - slope * mx, 4) };
    },
  }),
  defineTool({
    name: 'unit_convert',
    category: 'math',
    description: 'Convert a measurement between units of length, mass, volume or temperature.',
    params: {
      value: { type: 'float', description: 'The amount to convert.' },
      from_unit: { type: 'string', description: 'Unit of the value.', enum: UNITS },
      to_unit: { type: 'string', description: 'Unit wanted.', enum: UNITS },
    },
    returns: '{result, unit}',
    impl: (a) => {
      const from = a.str('from_unit');
      const to = a.str('to_unit');
      const v = a.num('value');
      if (TEMPERATURES.includes(from) || TEMPERATURES.includes(to)) {
        if (!(TEMPERATURES.includes(from) && TEMPERATURES.includes(to))) fail('invalid_arguments', `cannot convert ${from} to ${to}`);
        return { result: round(fromCelsius(toCelsius(v, from), to), 2), unit: to };
      }
      const [df, ff] = UNIT_FACTORS[from] as [string, number];
      const [dt, ft] = UNIT_FACTORS[to] as [string, number];
      if (df !== dt) fail('invalid_arguments', `cannot convert ${df} (${from}) to ${dt} (${to})`);
      return { result: round((v * ff) / ft, 4), unit: to };
    },
  }),
  defineTool({
    name: 'percentage_change',
    category: 'math',
    description: 'Percentage change from an old value to a new value.',
    params: { old_value: { type: 'float', description: 'The starting value.' }, new_value: { type: 'float', description: 'The final value.' } },
    returns: '{change_percent}',
    impl: (a) => {
      const o = a.num('old_value');
      if (o === 0) fail('execution_error', 'the old value is 0');
      return { change_percent: round(((a.num('new_value') - o) / Math.abs(o)) * 100, 2) };
    },
  }),
  defineTool({
    name: 'compound_interest',
    category: 'math',
    description: 'Future value of a principal with interest compounded periodically.',
    params: {
      principal: { type: 'float', description: 'Starting amount.' },
      annual_rate: { type: 'float', description: 'Yearly interest rate in percent, e.g. 3.5.' },
      years: { type: 'integer', description: 'Number of years.' },
      compounds_per_year: { type: 'integer', description: 'Compounding periods per year (default 12).', optional: true },
    },
    returns: '{future_value, interest}',
    impl: (a) => {
      const n = a.num('compounds_per_year', 12);
      if (n <= 0 || a.num('years') < 0) fail('invalid_arguments', "'years' must be ≥ 0 and 'compounds_per_year' > 0");
      const fv = a.num('principal') * (1 + a.num('annual_rate') / 100 / n) ** (n * a.num('years'));
      return { future_value: round(fv, 2), interest: round(fv - a.num('principal'), 2) };
    },
  }),
  defineTool({
    name: 'prime_factors',
    category: 'math',
    description: 'The prime factorisation of a positive integer.',
    params: { number: { type: 'integer', description: 'An integer between 2 and 10^12.' } },
    returns: '{factors}',
    impl: (a) => {
      let n = a.num('number');
      if (n < 2 || n > 1e12) fail('invalid_arguments', "'number' must be between 2 and 10^12");
      const factors: number[] = [];
      for (let p = 2; p * p <= n; p++)
        while (n % p === 0) {
          factors.push(p);
          n /= p;
        }
      if (n > 1) factors.push(n);
      return { factors };
    },
  }),
];
