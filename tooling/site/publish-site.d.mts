export function publishSite(options?: { log?: (line: string) => void }): string;
export function writeAtomically(file: string, text: string): void;
