import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes `.build/chunk-report.json`: for each emitted JS file, what it holds (our own code, libraries, the MF
 * runtime). The byte benchmark (e2e/bench/bytes.mjs) labels what a browser downloaded with it.
 */
export class ChunkReportPlugin {
  constructor(packageDir) {
    this.packageDir = packageDir;
  }
  apply(compiler) {
    compiler.hooks.done.tap('ChunkReportPlugin', (stats) => {
      const json = stats.toJson({ all: false, chunks: true, chunkModules: true });
      const report = {};
      for (const chunk of json.chunks ?? []) {
        const names = (chunk.modules ?? []).flatMap((m) =>
          (m.modules ?? [m]).map((inner) => inner.name ?? ''),
        );
        const own = names.filter((n) => n.includes('./src/') && !n.includes('node_modules')).length;
        const runtime = names.some((n) => n.includes('@module-federation/'));
        const kind = runtime
          ? 'mf-runtime'
          : own > 0 && !names.some((n) => n.includes('shared/src'))
            ? 'own'
            : 'libraries';
        for (const file of chunk.files ?? []) if (file.endsWith('.js')) report[file] = kind;
      }
      mkdirSync(join(this.packageDir, '.build'), { recursive: true });
      writeFileSync(
        join(this.packageDir, '.build', 'chunk-report.json'),
        `${JSON.stringify(report, null, 2)}\n`,
      );
    });
  }
}
