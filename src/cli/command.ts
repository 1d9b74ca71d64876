/** A command of `npm run -s cli -- <words> <args>`: the generic ones in main.ts, a suite's own in its folder under `suites/`. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliCommand {
  /** the words that name it after `cli` (`['parity', 'wildagteval']`) */
  words: readonly string[];
  /** the words that named it before a rename: still taken, with a note naming today's */
  formerly?: readonly string[];
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

/**
 * The command named by the first words of `argv` (its words, or those it had before a rename: then
 * `renamed` says today's), with the arguments after them; null when none is, or too few arguments follow.
 */
export function commandOf(commands: readonly CliCommand[], argv: readonly string[]): { command: CliCommand; args: string[]; renamed?: string } | null {
  const starts = (words: readonly string[]) => words.every((w, i) => argv[i] === w);
  const named = commands
    .flatMap((command) => [{ command, words: command.words, old: false }, ...(command.formerly ? [{ command, words: command.formerly, old: true }] : [])])
    .filter((c) => starts(c.words))
    .sort((a, b) => b.words.length - a.words.length)[0];
  if (!named) return null;
  const args = argv.slice(named.words.length);
  if (args.length < named.command.needs) return null;
  return named.old ? { command: named.command, args, renamed: `"cli ${named.words.join(' ')}" is now "cli ${named.command.words.join(' ')}"` } : { command: named.command, args };
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
