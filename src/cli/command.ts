/** A command of `npm run -s cli -- <words> <args>`: the generic ones in main.ts, a suite's own in its folder under `suites/`. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliCommand {
  /** the words that name it after `cli` (`['parity', 'wildagteval']`) */
  words: readonly string[];
  /** its arguments, as the usage prints them (`<dir>`, `[q.json a.json]`) */
  args: string;
  /** what it does, as the usage prints it (lines after the first are indented under it) */
  what: string;
  /** arguments it cannot do without */
  needs: number;
  /** the arguments after its words; resolves to the exit code */
  run(args: readonly string[], io: CliIo): Promise<number>;
}

const WORDS_WIDTH = 33;

/** The usage lines of these commands. */
export function usageOf(commands: readonly CliCommand[]): string {
  return commands
    .map((c) => {
      const head = `  cli ${[...c.words, c.args].filter(Boolean).join(' ')}`;
      const [first = '', ...rest] = c.what.split('\n');
      const lines = head.length < WORDS_WIDTH ? [`${head.padEnd(WORDS_WIDTH)}${first}`] : [head, `${''.padEnd(WORDS_WIDTH)}${first}`];
      return [...lines, ...rest.map((l) => `${''.padEnd(WORDS_WIDTH)}${l}`)].join('\n');
    })
    .join('\n');
}

/** The command named by the first words of `argv`, with the arguments after them; null when none is, or too few arguments follow. */
export function commandOf(commands: readonly CliCommand[], argv: readonly string[]): { command: CliCommand; args: string[] } | null {
  const named = commands.filter((c) => c.words.every((w, i) => argv[i] === w)).sort((a, b) => b.words.length - a.words.length)[0];
  if (!named) return null;
  const args = argv.slice(named.words.length);
  return args.length >= named.needs ? { command: named, args } : null;
}

/** A command that prints what it finds and succeeds (a paper's figures, a parity table whose agreement it only reports). */
export function printing(words: readonly string[], args: string, what: string, print: (args: readonly string[], out: (line: string) => void) => Promise<unknown> | unknown): CliCommand {
  return {
    words,
    args,
    what,
    needs: args.startsWith('<') ? 1 : 0,
    run: async (given, io) => {
      await print(given, io.out);
      return 0;
    },
  };
}
