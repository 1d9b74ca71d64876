/**
 * The papers' own figures drawn beside the runs: the averages the app computes from a paper's table
 * are that table's (worked by hand from the seeds' tables), and a paper's own averages are copied as printed.
 */
import { describe, expect, it } from 'vitest';
import { PAPER_LEVEL_AVERAGES } from '../../src/lib/analysis/composition';
import { paperTable2Averages } from '../../src/lib/analysis/long-context';
import { PAPER_TABLE2_AVERAGE } from '../../src/lib/analysis/robustness';
import { PAPER_AVERAGE_DEGRADATION, PAPER_TABLE3 } from '../../src/lib/analysis/wildagteval';

describe("the papers' figures beside the runs", () => {
  it("LongFuncEval's Table 2, its six models averaged per setting and length", () => {
    const [prose, structured] = paperTable2Averages();
    expect(prose?.setting).toBe('prose');
    expect(prose?.points.map((p) => p.length)).toEqual([10_240, 20_480, 40_960, 81_920]);
    // (0.24 + 0.49 + 0.15 + 0.10 + 0.40 + 0.96) / 6 and (0.29 + 0.32 + 0.04 + 0.10 + 0.02 + 0.19) / 6
    expect(prose?.points[0]?.accuracy).toBeCloseTo(0.39, 6);
    expect(structured?.points[3]?.accuracy).toBeCloseTo(0.16, 6);
  });

  it("the Robustness paper's Table 2, its nine agents averaged", () => {
    expect(PAPER_TABLE2_AVERAGE.agents).toBe(9);
    expect(PAPER_TABLE2_AVERAGE.original).toBeCloseTo(8.465 / 9, 6);
    expect(PAPER_TABLE2_AVERAGE.rephrased).toBeCloseTo(7.21 / 9, 6);
    expect(PAPER_TABLE2_AVERAGE.expanded).toBeCloseTo(8.13 / 9, 6);
    expect(PAPER_TABLE2_AVERAGE.wrongFunction).toBeCloseTo(3.45 / 9, 6);
  });

  it("CompToolBench's and WildAgtEval's own averages, as printed", () => {
    expect(PAPER_LEVEL_AVERAGES.map((p) => p.perLevel.L2_parallel)).toEqual([0.508, 0.805]);
    expect(PAPER_TABLE3.irrelevant).toEqual({ off: 0.598, on: 0.47, degradation: 27.3 });
    // the degradation Table 3 prints under its agent-wise average column (its four types' own average to 13.4)
    expect(PAPER_AVERAGE_DEGRADATION).toBe(12.0);
  });
});
