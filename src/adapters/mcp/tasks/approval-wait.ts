// A task whose call waits for an operator's approval says so: it is `input_required` (2025-11-25;
// the 2026-07-28 extension shows it `working`) with where to decide it, and `working` again once
// the call is admitted. The call may be parked before its task exists (a 2026-07-28 call becomes a
// task only after the server's wait), so what it told is kept until a task follows it.
import type { ParkedApproval } from '../../../runtime/contract/types.js';

/** What a task is told: parked (waiting for an operator) or no longer (`undefined`: admitted). */
export type WaitListener = (parked: ParkedApproval | undefined) => void;

export class ApprovalWait {
  #parked: ParkedApproval | undefined;
  #listener: WaitListener | undefined;

  /** For invoke's `onParked`. */
  readonly onParked = (parked: ParkedApproval): void => {
    this.#parked = parked;
    this.#listener?.(parked);
  };

  /** For invoke's `onAdmitted`. */
  readonly onAdmitted = (): void => {
    if (this.#parked === undefined) return;
    this.#parked = undefined;
    this.#listener?.(undefined);
  };

  /** True while the call waits for an operator. */
  get waiting(): boolean {
    return this.#parked !== undefined;
  }

  /** Tells `listener` of every change from now on, and at once of a wait already begun. */
  follow(listener: WaitListener): void {
    this.#listener = listener;
    if (this.#parked !== undefined) listener(this.#parked);
  }
}

/** The status message of a task whose call waits for an operator. */
export function parkedMessage(parked: ParkedApproval): string {
  return (
    `waiting for an operator to approve the call until ${parked.expiresAt} (approval ${parked.approval}: ` +
    `the server's /approvals page, or \`toolwright approvals approve ${parked.approval}\`)`
  );
}
