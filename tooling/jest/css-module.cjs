// CSS Modules in tests: `styles.card` is "card", so tests can still find elements by class if they must.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : String(key)) });
