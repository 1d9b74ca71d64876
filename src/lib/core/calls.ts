/** A function call as parsed from a model's output: its name and its arguments as Python values. */
import type { PyDict } from './pyvalue';

export interface Call {
  name: string;
  args: PyDict;
}
