// A page's inline scripts are allowed by hash in the server's policy, and nothing else in it changes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withInlineScripts } from '../src/page-csp.js';

describe('withInlineScripts', () => {
  const policy = "default-src 'self';script-src 'self' http://localhost:*;style-src 'self' 'unsafe-inline'";

  it("adds the sources after script-src's first, the rest as it was", () => {
    assert.equal(
      withInlineScripts(policy, ["'sha256-a'", "'sha256-b'"]),
      "default-src 'self';script-src 'self' 'sha256-a' 'sha256-b' http://localhost:*;style-src 'self' 'unsafe-inline'",
    );
  });

  it('leaves a policy without script-src, or no sources, unchanged', () => {
    assert.equal(withInlineScripts("default-src 'self'", ["'sha256-a'"]), "default-src 'self'");
    assert.equal(withInlineScripts(policy, []), policy);
  });

  it('keeps the spacing of a policy written with spaces after its semicolons', () => {
    assert.equal(
      withInlineScripts("default-src 'self'; script-src 'self'", ["'sha256-a'"]),
      "default-src 'self'; script-src 'self' 'sha256-a'",
    );
  });
});
