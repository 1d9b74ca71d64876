/** Python string semantics that differ from JavaScript's. */

// str.isspace() in Python: JS's \s lacks \x1c-\x1f and \x85, and wrongly includes \ufeff.
const PY_SPACE = '\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';

/** Python `s.strip(chars)`; without chars, strips Python whitespace. */
export function pyStrip(s: string, chars?: string): string {
  const set = chars ?? PY_SPACE;
  let a = 0;
  let b = s.length;
  while (a < b && set.includes(s[a] as string)) a++;
  while (b > a && set.includes(s[b - 1] as string)) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

const PY_SPACE_RUN = new RegExp(`[${PY_SPACE.replace(/[\\\]^-]/g, '\\$&')}]+`, 'g');

/** Python `' '.join(s.split())`. */
export function pyCollapseSpace(s: string): string {
  return pyStrip(s).replace(PY_SPACE_RUN, ' ');
}

/** Length in code points (Python's len), not UTF-16 units. */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}
