// Runtime configuration: read once from /config.json by the shell, so one build runs in every environment.
import { SOCKET_PATH } from '@skynet/contract';

export interface RuntimeConfig {
  /** Base of every API call, e.g. '/api' or 'https://api.example.com/api'. */
  apiBaseUrl: string;
  /** Socket.io server origin; '' means the page's own origin. */
  socketUrl: string;
  socketPath: string;
  environment: string;
  supportEmail?: string;
  supportPhone?: string;
  /** Origins a developer may point a remote at (issue 8); patterns with '*' for the port. */
  devOverrideOrigins?: string[];
}

const defaults: RuntimeConfig = {
  apiBaseUrl: '/api',
  socketUrl: '',
  socketPath: SOCKET_PATH,
  environment: 'local',
};

let current: RuntimeConfig = { ...defaults };
const listeners = new Set<(config: RuntimeConfig) => void>();

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(next: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...defaults, ...next };
  for (const listener of listeners) listener(current);
  return current;
}

export function onRuntimeConfig(listener: (config: RuntimeConfig) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Checks what /config.json said, naming each bad field, and keeps the defaults for missing ones. */
export function parseRuntimeConfig(input: unknown): { config: RuntimeConfig; problems: string[] } {
  const problems: string[] = [];
  if (typeof input !== 'object' || input === null) {
    return { config: { ...defaults }, problems: ['config.json is not a JSON object'] };
  }
  const raw = input as Record<string, unknown>;
  const config: RuntimeConfig = { ...defaults };
  for (const key of [
    'apiBaseUrl',
    'socketUrl',
    'socketPath',
    'environment',
    'supportEmail',
    'supportPhone',
  ] as const) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') problems.push(`${key} must be a string`);
    else config[key] = value;
  }
  if (raw.devOverrideOrigins !== undefined) {
    if (Array.isArray(raw.devOverrideOrigins) && raw.devOverrideOrigins.every((o) => typeof o === 'string')) {
      config.devOverrideOrigins = raw.devOverrideOrigins as string[];
    } else problems.push('devOverrideOrigins must be a list of strings');
  }
  return { config, problems };
}
