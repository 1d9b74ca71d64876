/** English number words: a simulated tool's answer (CompToolBench's number_to_words) and a robustness rephrasing (7 → seven). */
export const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
export const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
export const SCALES: [number, string][] = [
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

export function numberToWords(n: number): string {
  if (n < 0) return `minus ${numberToWords(-n)}`;
  if (n < 20) return ONES[n] as string;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ''}`;
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` and ${numberToWords(n % 100)}` : ''}`;
  for (const [size, word] of SCALES) if (n >= size) return `${numberToWords(Math.floor(n / size))} ${word}${n % size ? `${n % size < 100 ? ' and' : ''} ${numberToWords(n % size)}` : ''}`;
  return String(n);
}
