/** The one shape every output parser produces. */
import type { Call } from '../core/calls';

/** `too_large`: reading the output would build more than the parsing budget allows (budget.ts). */
export type ParseErrorKind = 'syntax' | 'not_calls' | 'unsupported' | 'empty' | 'too_large';

export interface ParseError {
  kind: ParseErrorKind;
  message: string;
}

export type ParseResult = { ok: true; calls: Call[] } | { ok: false; error: ParseError };

export class DecodeFailure extends Error {
  override name = 'DecodeFailure';
  constructor(
    readonly kind: ParseErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export function failure(kind: ParseErrorKind, message: string): ParseResult {
  return { ok: false, error: { kind, message } };
}
