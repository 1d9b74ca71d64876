/** The composition suite's prompts, one per protocol. */
import type { CompositionProtocol } from '../../core/types';
import type { PromptTemplate } from '../../prompts/template';

const CALL_FORMAT =
  'in this format:\n[function_name(param1=value1, param2=value2), other_function(param=value)]\n' + 'Use Python literals for values (strings in quotes, lists in brackets, objects as {"key": value}).';

/** Our wording; the paper sends the tool schemas natively and gives no further instruction. */
export const COMPOSITION_PROMPTS: Record<CompositionProtocol, PromptTemplate> = {
  'single-turn': {
    system:
      "You can call functions to fulfil the user's request. Below is the list of available functions, one JSON object per line.\n\n{tools}\n" +
      `Answer with every function call the request needs, in the order they should run, all in one list and nothing else, ${CALL_FORMAT}`,
    user: '{question}',
  },
  'multi-turn': {
    system:
      "You can call functions to fulfil the user's request. Below is the list of available functions, one JSON object per line.\n\n{tools}\n" +
      'You will see the result of your calls before you answer again, so call a function once you have the values it needs; calls that do not depend on each other may go in the same list. ' +
      `Answer with the calls only, ${CALL_FORMAT}\nWhen every step is done, answer with one short sentence and no calls.`,
    user: '{question}',
  },
};
