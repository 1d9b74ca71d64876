/**
 * Agreement with the reference scorers on the parity corpora in ../shared.
 * A fresh clone has no ../shared: these tests then skip and say so.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runBfclParity } from '../../src/cli/parity/parity-bfcl';
import { runDagParity } from '../../src/cli/parity/parity-comptoolbench';
import { runDagAggregates } from '../../src/cli/parity/parity-comptoolbench-aggregates';

const BFCL = '../shared/parity/bfcl-ast';
const DAG = '../shared/parity/comptoolbench';
const lines = (): [string[], (l: string) => void] => {
  const out: string[] = [];
  return [out, (l: string) => out.push(l)];
};

describe.skipIf(!existsSync(BFCL))(`BFCL AST parity (${BFCL})`, () => {
  it('agrees with BFCL on every valid flag and error type', () => {
    const [out, print] = lines();
    const { agree, total } = runBfclParity(BFCL, print);
    expect(total).toBeGreaterThan(60_000);
    expect(agree).toBe(total);
    expect(out.at(-2)).toBe(`error_type agree ${total}/${total}`);
  });
});

describe.skipIf(!existsSync(DAG))(`CompToolBench parity (${DAG})`, () => {
  it('agrees on every score, error type and aggregate', () => {
    const [out, print] = lines();
    const { agree, total, scores, corpus } = runDagParity(DAG, print);
    expect(agree).toBe(total);
    const agg = runDagAggregates(DAG, corpus, scores, print);
    expect(agg).not.toBeNull();
    expect(agg?.models[0]).toBe(agg?.models[1]);
    expect(agg?.ablation[0]).toBe(agg?.ablation[1]);
    expect(agg?.rankCorrelation[0]).toBe(agg?.rankCorrelation[1]);
    expect(out.some((l) => l.startsWith('scored '))).toBe(true);
  });
});

if (!existsSync(BFCL) || !existsSync(DAG)) {
  console.warn(`parity corpora not found next to the repository (../shared/parity): parity tests skipped`);
}
