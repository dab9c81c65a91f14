// The approval request a user channel gets for an `ask` decision: the whole input, but a `secret`
// value only as its marker, in its own param and wherever it appears in another (a shell line, a
// URL) and in the shell commands the policy decided (the value never reaches a channel), with the
// params' roles so the display can summarise bulk `content` and show `command` lines whole.
import type { OperationDescriptor } from '../contract/descriptor.js';
import type { CommandDecision } from '../policy/types.js';
import type { Redactor } from '../secrets/redaction.js';
import { mapRoleValues, secretMark } from '../contract/roles.js';
import type { ApprovalRequest } from './user.js';

export function approvalRequest(
  id: string,
  op: OperationDescriptor,
  params: unknown,
  commands: readonly CommandDecision[] | undefined,
  redactor?: Redactor,
): ApprovalRequest {
  const marked = mapRoleValues(op, params, (role, value) => (role === 'secret' ? secretMark(value) : value));
  return {
    id,
    provider: op.provider,
    operation: op.name,
    kind: op.kind,
    risk: op.risk,
    input: redactor ? redactor.value(marked) : marked,
    ...(op.roles ? { roles: op.roles } : {}),
    ...(commands ? { commands: redactor ? redactor.value(commands) : commands } : {}),
  };
}
