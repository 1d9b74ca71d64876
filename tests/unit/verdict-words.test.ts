import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verdictWords } from '../../src/lib/scoring/verdict-words';

/** every error code a scorer can give, read from the scorers' own sources */
const codesIn = (path: string, pattern: RegExp) => [...readFileSync(path, 'utf8').matchAll(pattern)].map((m) => m[1]!);

describe('a verdict in words', () => {
  it('names every error code the scorers give, BFCL, CompToolBench, QA and API episodes alike', () => {
    const codes = new Set([
      ...codesIn(
        'src/lib/scoring/bfcl-ast.ts',
        /'((?:ast_decoder|irrelevance_error|simple_function_checker|multiple_function_checker|parallel_function_checker_no_order|type_error|value_error|dict_checker|list_dict_checker|schema_error):[\w/]+)'/g,
      ),
      ...codesIn('src/lib/core/expected.ts', /'(E\d+_\w+)'/g),
      ...codesIn('src/lib/scoring/qa.ts', /'(qa:\w+)'/g),
      ...codesIn('src/lib/scoring/api-accuracy.ts', /'(api:\w+)'/g),
      ...codesIn('src/lib/scoring/score-sample.ts', /'(api:\w+)'/g),
      'api:poor_error_handling',
    ]);
    expect(codes.size).toBeGreaterThan(30);
    for (const code of codes) expect(verdictWords(code), code).toMatch(/\w/);
    expect(verdictWords('value_error:string')).toBe('a text argument has a value the request does not give');
    expect(verdictWords(null)).toBeNull();
    expect(verdictWords('made_up:code')).toBeNull();
  });
});
