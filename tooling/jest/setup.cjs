// react-router 7 needs TextEncoder under jsdom; React wants to know it runs inside act().
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder, IS_REACT_ACT_ENVIRONMENT: true });
require('@testing-library/jest-dom');
afterEach(() => {
  if (typeof window !== 'undefined') window.localStorage.clear(); // a suite may run in Node (@jest-environment node)
});
