/**
 * Each scorer's error code in words a class can read: the BFCL checker's `error_type`s (kept as the
 * reference code names them, for parity), CompToolBench's error classes, the QA checker's and the
 * API episodes'. The code stays beside the words, so a reader can look it up in the reference.
 */
const WORDS: Readonly<Record<string, string>> = {
  'ast_decoder:decoder_failed': 'no call could be read from the output (not a call in the format asked)',
  'irrelevance_error:decoder_success': 'it called a tool where the request needs none',
  'simple_function_checker:wrong_count': 'it made more or fewer calls than the request needs',
  'simple_function_checker:wrong_func_name': 'it called another tool than the right one',
  'simple_function_checker:missing_required': 'a required argument is missing',
  'simple_function_checker:unexpected_param': 'it passed an argument the tool does not take',
  'simple_function_checker:missing_optional': 'an argument the request gives is missing',
  'multiple_function_checker:wrong_count': 'it made more or fewer calls than the request needs',
  'parallel_function_checker_no_order:wrong_count': 'it made more or fewer calls than the request needs',
  'parallel_function_checker_no_order:cannot_find_match': 'a call does not match any of the expected calls',
  'type_error:simple': 'an argument has the wrong type (a string for a number, say)',
  'type_error:nested': 'an item inside a list or object argument has the wrong type',
  'value_error:string': 'a text argument has a value the request does not give',
  'value_error:list/tuple': 'a list argument holds other values than the request gives',
  'value_error:dict_key': 'an object argument has a key it should not, or lacks one it needs',
  'value_error:dict_value': 'a value inside an object argument is wrong',
  'value_error:list_dict_count': 'a list of objects has more or fewer items than expected',
  'value_error:others': 'an argument has a value the request does not give',
  'dict_checker:unclear': 'an object argument matches none of the accepted answers',
  'list_dict_checker:unclear': 'a list of objects matches none of the accepted answers',
  'schema_error:unsupported_type': "the tool's schema uses a type the checker does not know",
  E10_format_error: 'no call could be read from the output',
  E6_hallucinated_tool: 'it called a tool that does not exist',
  E8_partial_completion: 'it stopped before every step was done',
  E1_wrong_tool: 'it called a wrong tool for a step',
  E3_wrong_order: 'it made the right calls in the wrong order',
  E4_wrong_arguments: 'a step has wrong arguments',
  E7_unnecessary_tool: 'it made calls no step needs',
  'qa:empty': 'the answer is empty',
  'qa:verbose': 'the answer holds the right value among other text (right by the "contains" measure)',
  'qa:wrong_answer': 'the answer is not the expected value',
  'api:not_an_episode': 'the output is not an agent episode',
  'api:no_turn': 'no turn of the conversation was answered',
  'api:invalid_call': 'a turn has an API call the system refused as invalid',
  'api:ad_hoc_format': 'a call did not follow the API ad-hoc rule (its format)',
  'api:missing_side_effect': 'a turn left out a call that changes state',
  'api:missing_core_query': "a turn left out the call that answers the user's request",
  'api:poor_error_handling': 'the reply to a failing API was judged poor',
};

/** The error code in words, or null for a code no scorer gives (shown as the code alone). */
export const verdictWords = (errorType: string | null | undefined): string | null => (errorType ? (WORDS[errorType] ?? null) : null);
