/**
 * A recording's provenance as another machine's reader needs it: the recording machine's
 * absolute paths and the local server's port mean nothing elsewhere, so they are shown as the
 * paths a fresh clone has (`examples/…`, `../shared/…`) and as "a local server".
 */

/** folders of the repository a recorded path may pass through, shown from there */
const REPO_FOLDERS = ['examples', '.cache', 'bench', 'datasets', 'reports'];
const LOCAL_URL = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?(?:\/v1)?\/?/g;
const LOCAL_URL_ARG = /(--(?:judge-)?base-url)[ =]https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?(?:\/v1)?\/?/g;

function portablePath(path: string): string {
  const parts = path.split('/');
  const shared = parts.lastIndexOf('shared');
  for (let i = 1; i < parts.length - 1; i++) if (REPO_FOLDERS.includes(parts[i] as string)) return parts.slice(i).join('/');
  if (shared > 0 && shared < parts.length - 1) return ['..', ...parts.slice(shared)].join('/');
  return parts[parts.length - 1] || path;
}

/** The command that made a recording, with its local server as a placeholder and its paths as a fresh clone has them. */
export function portableCommand(command: string): string {
  return command
    .replace(LOCAL_URL_ARG, '$1 <your server>/v1')
    .split(' ')
    .map((word) => (word.startsWith('/') && word.length > 1 ? portablePath(word) : word))
    .join(' ');
}

/** An engine's description with the recording machine's local server addresses said in words. */
export function withoutLocalAddresses(text: string): string {
  return text.replace(LOCAL_URL, 'a local server');
}
