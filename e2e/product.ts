// The product under test: see tooling/site/product.mjs (shared with the benchmarks).
export { freePort, type Product, repoRoot, startProduct } from '../tooling/site/product.mjs';
