/**
 * Connections the page's policy allows, and how the user widens it: an origin they choose (a
 * server off this machine, a download site) is stored, and the page reloads with it in the policy,
 * carrying what they were doing (`Pending`) across the reload so it goes on by itself.
 */
import { connectAllowed, ORIGINS_KEY, validOrigins } from '../../lib/core/connect-policy';
import type { CallMode } from '../../lib/core/types';

const PENDING_KEY = 'fc-playground:pending';

export type Pending =
  | { kind: 'server'; baseUrl: string; model: string; calls: CallMode; apiKey: string; remember: boolean }
  | { kind: 'bfcl-urls'; urls: [string, string] }
  | { kind: 'ctb-urls'; urls: [string, string] }
  | { kind: 'wildagteval-urls'; urls: string[] };

/** The origins in the policy this page loaded with (none in the dev server, which writes no policy: everything connects). */
function policyOrigins(): string[] | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy"]');
  if (!meta) return null;
  const connect = meta.content.split(';').find((d) => d.trim().startsWith('connect-src'));
  return validOrigins(connect?.trim().split(/\s+/).slice(1) ?? []);
}

/** Can this page (and its worker) fetch from `url` under its policy? */
export function canConnect(url: string): boolean {
  const origins = policyOrigins();
  return origins === null || connectAllowed(url, origins, location.origin);
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Adds `url`'s origin to the stored policy and reloads; `pending` is picked up after the reload. */
export function allowAndReload(url: string, pending: Pending): void {
  let stored: string[] = [];
  try {
    stored = validOrigins(JSON.parse(localStorage.getItem(ORIGINS_KEY) ?? '[]'));
  } catch {
    stored = [];
  }
  const origin = originOf(url);
  localStorage.setItem(ORIGINS_KEY, JSON.stringify([origin, ...stored.filter((o) => o !== origin)]));
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  location.reload();
}

/** What was being done when the page reloaded to allow an origin, if it is of this kind (read once). */
export function takePending<K extends Pending['kind']>(kind: K): Extract<Pending, { kind: K }> | null {
  const p = peekPending();
  if (p?.kind !== kind) return null;
  sessionStorage.removeItem(PENDING_KEY);
  return p as Extract<Pending, { kind: K }>;
}

export function peekPending(): Pending | null {
  try {
    const p = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as Pending | null;
    return p && typeof p === 'object' && typeof p.kind === 'string' ? p : null;
  } catch {
    return null;
  }
}
