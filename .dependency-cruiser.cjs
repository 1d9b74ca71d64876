/**
 * The floors of ARCHITECTURE.md as import rules, checked by `npm run check` (depcruise). Dependencies
 * point down, floor by floor as ARCHITECTURE.md's table lists them: screens, worker and runner →
 * store → run → the built-in datasets, suites and engines (side by side: neither imports the other)
 * → tokenizers → formats and the GGUF file (side by side) → the pure core; the build plugins (vite/) read the core and the engines'
 * declarations. Type-only imports count like any other.
 */
const PURE = '^src/lib/(core|parsing|scoring|context|prompts|simulate|analysis)/';
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'no import cycles (type-only ones included)', from: {}, to: { circular: true } },
    {
      name: 'core-is-the-floor',
      severity: 'error',
      comment: 'lib/core holds the shared types and Python-value semantics: it imports nothing of the project above it',
      from: { path: '^src/lib/core/' },
      to: { path: '^src/', pathNot: '^src/lib/core/' },
    },
    {
      name: 'pure-core',
      severity: 'error',
      comment: 'the pure core knows no suite, run, store, engine, screen, runner or runtime',
      from: { path: PURE },
      to: { path: ['^src/lib/(suites|run|store|engines|tokenizers|formats|gguf)/', '^src/(ui|cli)/', '^workers/', 'node_modules/(dexie|@mlc-ai|@wllama)'] },
    },
    {
      name: 'gguf-stands-alone',
      severity: 'error',
      comment: 'the GGUF model file, read, checked, written and unpacked: it imports nothing of the project outside its folder',
      from: { path: '^src/lib/gguf/' },
      to: { path: '^(src|datasets|workers)/', pathNot: '^src/lib/gguf/' },
    },
    {
      name: 'suites-below-run',
      severity: 'error',
      comment: 'a suite plans and builds samples; it knows no run, store, engine, tokenizer or screen',
      from: { path: '^src/lib/suites/' },
      to: { path: ['^src/lib/(run|store|engines|tokenizers)/', '^datasets/', '^src/(ui|cli)/', '^workers/', 'node_modules/(dexie|@mlc-ai|@wllama)'] },
    },
    {
      name: 'a-suite-is-its-folders',
      severity: 'error',
      comment:
        "a suite's own modules are read from its folders (src/lib, src/ui and src/cli's suites/<suite>/) and the built-in datasets alone: the generic hosts (Run tab, worker, runner) reach a suite through its declaration in the registry",
      from: { path: '^(src|workers)/', pathNot: '^src/(lib|ui|cli)/suites/' },
      to: { path: '^src/lib/suites/[^/]+/' },
    },
    {
      name: 'engines-know-no-suite',
      severity: 'error',
      comment: 'an engine answers requests; it knows no suite, run or store',
      from: { path: '^src/lib/engines/' },
      to: { path: ['^src/lib/(suites|run|store)/', '^datasets/', '^src/(ui|cli)/', '^workers/'] },
    },
    {
      name: 'run-above-adapters-of-storage',
      severity: 'error',
      comment: 'the run floor knows no storage, screen or runner',
      from: { path: '^src/lib/run/' },
      to: { path: ['^src/lib/store/', '^src/(ui|cli)/', '^workers/', 'node_modules/dexie'] },
    },
    {
      name: 'lib-knows-no-screen',
      severity: 'error',
      comment: 'nothing in lib imports the screens, the runner or the worker',
      from: { path: '^src/lib/' },
      to: { path: ['^src/(ui|cli)/', '^workers/'] },
    },
    {
      name: 'tokenizers-below-engines',
      severity: 'error',
      comment: 'a tokenizer is rebuilt from a GGUF header (lib/gguf) and counts text; it knows no engine, suite, run or store',
      from: { path: '^src/lib/tokenizers/' },
      to: { path: ['^src/lib/(engines|suites|run|store)/', '^src/(ui|cli)/', '^workers/', 'node_modules/(dexie|@mlc-ai|@wllama)'] },
    },
    {
      name: 'formats-above-the-core-only',
      severity: 'error',
      comment: 'readers and writers of benchmark and tool files stand on the pure core alone: suites, the store and the runner read through them',
      from: { path: '^src/lib/formats/' },
      to: { path: ['^src/lib/(engines|tokenizers|suites|run|store|gguf)/', '^src/(ui|cli)/', '^workers/', '^datasets/', 'node_modules/(dexie|@mlc-ai|@wllama)'] },
    },
    {
      name: 'datasets-below-run',
      severity: 'error',
      comment: 'the built-in datasets are built from the core, the suites and the formats: the run floor loads them; they know no run, store, engine or screen',
      from: { path: '^datasets/' },
      to: { path: ['^src/lib/(run|store|engines)/', '^src/(ui|cli)/', '^workers/', '^(bench|harness)/', 'node_modules/(dexie|@mlc-ai|@wllama)'] },
    },
    {
      name: 'vite-plugins-read-declarations',
      severity: 'error',
      comment:
        "the build plugins read the core and the engines' declarations (the connect policy; the WebLLM model list, from the installed web-llm at build time); they know no store, run, suite or screen",
      from: { path: '^vite/' },
      to: { path: ['^src/lib/(run|store|suites)/', '^src/(ui|cli)/', '^workers/', 'node_modules/(dexie|@wllama)'] },
    },
    {
      name: 'nothing-from-tests',
      severity: 'error',
      comment: 'the product, the benchmarks and the harness they share with the tests never import a test',
      from: { path: '^(src|workers|bench|harness|scripts|datasets|vite)/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js', '.svelte', '.json'] },
  },
};
