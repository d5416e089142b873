// One product for the whole run; tests that need their own call startProduct() themselves.
import { startProduct } from './product';

export default async function globalSetup() {
  const product = await startProduct();
  process.env.E2E_BASE_URL = product.baseURL;
  process.env.E2E_DATA_DIR = product.dataDir;
  return async () => product.stop();
}
