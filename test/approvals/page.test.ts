// The page's notice comes from the query string: only the notices the page defines are shown, never
// a name Object.prototype answers to.
import { describe, expect, it } from 'vitest';
import { listPage } from '../../src/adapters/mcp/approvals/page.js';
import type { ApprovalRecord } from '../../src/runtime/store/types.js';

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

describe('the approvals page shows record fields inert', () => {
  it('escapes control, bidi and format characters in every field, the reason and the names included', () => {
    const odd = 'x\u202eevil\u202c\u001b[2J\u009b31m\u200b';
    const record = {
      id: '00000000-0000-4000-8000-000000000000',
      operation: `filesystem.write_file${odd}`,
      principal: `alice${odd}`,
      status: 'denied',
      text: `write ${odd}`,
      created_at: '2026-01-01T00:00:00Z',
      expires_at: '2026-01-01T00:05:00Z',
      decided_at: '2026-01-01T00:01:00Z',
      decided_by: `bob${odd}`,
      reason: `see ${odd}`,
    } as unknown as ApprovalRecord;
    const html = listPage(`carol${odd}`, [{ ...record, status: 'pending' }], [record], 'csrf', undefined);
    // eslint-disable-next-line no-control-regex -- the characters the page must not show raw
    expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u202c\u202e]/);
    expect(html).toContain('see x\\u202eevil\\u202c\\u001b[2J');
    expect(html).toContain('decided by bobx\\u202eevil');
    expect(html).toContain('alicex\\u202eevil');
  });
});
