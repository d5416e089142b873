export const DEFAULT_HEAP_MB: number;
export const MIN_HEAP_MB: number;
export const SEMI_SPACE_MB: number;
export function heapLimitArgs(env?: Record<string, string | undefined>): string[];
