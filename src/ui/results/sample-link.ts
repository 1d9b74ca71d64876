/** Deep links to a run and one of its samples, in the page's hash. */
/** `#run=…&sample=…`: a link to one sample of one run that survives a reload. */
export function sampleLink(runId: string, sampleId: string): string {
  return `#${new URLSearchParams({ run: runId, sample: sampleId }).toString()}`;
}

export function readSampleLink(hash: string): { runId: string; sampleId: string | null } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const runId = params.get('run');
  return runId ? { runId, sampleId: params.get('sample') } : null;
}
