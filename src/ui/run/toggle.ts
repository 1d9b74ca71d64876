/** A checkbox list's new selection: `v` added when absent, removed when present. */
export function toggled<T>(list: readonly T[], v: T): T[] {
  return list.includes(v) ? list.filter((x) => x !== v) : [...list, v];
}
