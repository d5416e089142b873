/** A port nothing listens on now (the OS's choice), on 127.0.0.1. */
export function freePort(): Promise<number>;
/** Resolves when something accepts connections on the port, within `ms` (default 5 s). */
export function waitForPort(port: number, ms?: number): Promise<void>;
