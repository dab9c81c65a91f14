// The page's notice comes from the query string: only the notices the page defines are shown, never
// a name Object.prototype answers to.
import { describe, expect, it } from 'vitest';
import { listPage } from '../../src/adapters/mcp/approvals/page.js';

describe('the approvals page notice', () => {
  it('shows a notice the page defines', () => {
    expect(listPage('carol', [], [], 'csrf', 'approved')).toContain('Approved: the call runs.');
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])('shows nothing for %s', (name) => {
    const html = listPage('carol', [], [], 'csrf', name);
    expect(html).not.toContain('class="notice"');
    expect(html).not.toMatch(/native code|\[object/);
  });
});
