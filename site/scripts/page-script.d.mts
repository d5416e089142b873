/** The code of the inline page script built from the browser module at `entry` (page-script.mjs). */
export function buildPageScript(entry: string): Promise<string>;
