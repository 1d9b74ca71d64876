/** `npm run -s cli`: a command is found by its words, the longest naming wins, and every command has its own words. */
import { describe, expect, it } from 'vitest';
import { commandOf, type CliCommand, usageOf } from '../../src/cli/command';
import { SUITE_COMMANDS } from '../../src/cli/suites/registry';

const command = (words: string[], needs: number): CliCommand => ({ words, args: needs ? '<dir>' : '', what: words.join(' '), needs, run: async () => 0 });

describe('the command line', () => {
  const commands = [command(['parity'], 0), command(['parity', 'wildagteval'], 1), command(['robustness'], 0)];

  it('finds the command with the most words that match, and hands it what follows', () => {
    expect(commandOf(commands, ['parity', 'wildagteval', 'dir', 'x'])).toMatchObject({ command: { words: ['parity', 'wildagteval'] }, args: ['dir', 'x'] });
    expect(commandOf(commands, ['parity', 'other'])).toMatchObject({ command: { words: ['parity'] }, args: ['other'] });
    expect(commandOf(commands, ['robustness'])).toMatchObject({ args: [] });
  });

  it('names no command for unknown words or too few arguments', () => {
    expect(commandOf(commands, ['figures'])).toBeNull();
    expect(commandOf([command(['parity', 'wildagteval'], 1)], ['parity', 'wildagteval'])).toBeNull();
    expect(commandOf(commands, [])).toBeNull();
  });

  it('takes the words a command had before its rename, saying its name today', () => {
    const renamed = commandOf(SUITE_COMMANDS, ['api-complexity']);
    expect(renamed).toMatchObject({ command: { words: ['wildagteval-simulated'] }, args: [], renamed: '"cli api-complexity" is now "cli wildagteval-simulated"' });
    expect(commandOf(SUITE_COMMANDS, ['wildagteval-simulated'])?.renamed).toBeUndefined();
  });

  it("the suites' commands each have words of their own, and the usage lists every one", () => {
    const names = SUITE_COMMANDS.map((c) => c.words.join(' '));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['parity wildagteval', 'wildagteval-replay', 'wildagteval-calls', 'robustness', 'longfunceval', 'composition', 'wildagteval-simulated']));
    const usage = usageOf(SUITE_COMMANDS);
    for (const name of names) expect(usage).toContain(`cli ${name}`);
  });
});
