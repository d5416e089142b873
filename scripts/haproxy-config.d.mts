export const READY_PATH: string;
export const LIVE_PATH: string;
export function haproxyConfig(options: { port: number; ports: number[]; statsSocket?: string }): string;
