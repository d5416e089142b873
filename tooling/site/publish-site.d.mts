// Types for e2e and other TypeScript callers of publish-site.mjs.
export declare const SHELL_SINGLETONS: Record<string, string>;
export declare function shellSharedVersions(): { shell: string; provides: Record<string, string> };
export declare function writeAtomically(file: string, text: string): void;
/** Publishes the shell and every remote's current build into SITE_DIR and returns that folder. */
export declare function publishSite(options?: {
  log?: (line: string) => void;
  command?: string;
  reason?: string;
}): Promise<string>;
/** npm start's step: creates a site with no registry from the current builds; else publishes only if told to. */
export declare function prepareSite(options?: {
  publish?: boolean;
  command?: string;
  log?: (line: string) => void;
}): Promise<{ action: 'created' | 'published' | 'kept'; site: string; revision: number; message: string }>;
