// The texts of issue 31's refusals (403): the UI shows them as they are.
export const BLOCKED_TEXT = {
  blocking: 'You have blocked this account. Unblock it first.',
  blockedBy: 'You cannot do that: this account has blocked you.',
} as const;
export const MESSAGE_POLICY_TEXT = {
  nobody: 'This person does not accept new conversations.',
  following: 'This person accepts new conversations only from people they follow.',
} as const;

export type BlockDirection = keyof typeof BLOCKED_TEXT;
