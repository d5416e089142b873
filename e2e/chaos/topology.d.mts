// Types of topology.mjs for the TypeScript that imports it (e2e/global-setup.ts).
export declare const work: string;
export declare const cleanups: (() => unknown)[];
export declare function cleanup(): Promise<void>;
export declare function sleep(ms: number): Promise<void>;
export declare const postgres: {
  dir: string;
  port: number;
  readonly url: string;
  createDatabase(name: string): void;
  urlOf(database: string): string;
  create(): Promise<void>;
  start(): Promise<void>;
  stop(mode?: string): void;
  freeze(): number[];
  thaw(): void;
};
export declare const redis: { port: number; start(): Promise<void>; stop(): Promise<void> };
export declare const cluster: {
  port: number;
  stateFile: string;
  dataDir: string;
  readonly base: string;
  start(options: { nodes?: number; ready: () => Promise<boolean> }): Promise<void>;
  nodes(): { name: string; port: number; pid: number }[];
  output?: () => string;
};
