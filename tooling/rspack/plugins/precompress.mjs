import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import { rspack } from '@rspack/core';

const brotli = promisify(brotliCompress);

/**
 * Emits `<file>.br` beside each script and stylesheet of 1 KB or more, at Brotli's best quality: the server sends it
 * as is (@fastify/static `preCompressed`, site/src/plugin.ts), where compressing on the fly uses a quality fast
 * enough for every request. react-dom's chunk: 68.5 KB at quality 4, 58.4 KB at 11 (issue 9: bytes on a slow
 * network). Compressed on the thread pool, in parallel, once per build.
 */
export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async () => {
          const files = compilation
            .getAssets()
            .filter(({ name, source }) => /\.(js|css)$/.test(name) && source.size() >= 1024);
          await Promise.all(
            files.map(async ({ name, source }) => {
              const compressed = await brotli(source.buffer(), {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.size(),
                },
              });
              compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(compressed));
            }),
          );
        },
      );
    });
  }
}
