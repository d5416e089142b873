// Reports and audit entries as the API answers them, for this area's tests.
import type { AuditEntry, Report } from '@skynet/kit';
import { makePost } from '@skynet/kit/testing';

export function aReport(overrides: Partial<Report> = {}): Report {
  return {
    _id: 'r1',
    targetType: 'post',
    targetId: 'p1',
    reason: 'harassment',
    text: 'They keep replying to insult me.',
    status: 'open',
    createdAt: '2026-11-20T10:00:00.000Z',
    reporter: { _id: 'u-rep', userName: 'vega', avatarUrl: null },
    target: {
      _id: 'u-bad',
      userName: 'nova',
      avatarUrl: null,
      suspended: false,
      silenced: false,
      openReports: 3,
    },
    context: {
      post: makePost({
        _id: 'p1',
        authorId: 'u-bad',
        userName: 'nova',
        content: 'You are all fools',
        parentPost: 'p0',
      }),
      parent: makePost({ _id: 'p0', authorId: 'u-rep', userName: 'vega', content: 'Hello galaxy' }),
    },
    resolution: null,
    ...overrides,
  };
}

export function anEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'a1',
    actor: 'root',
    action: 'suspend',
    targetType: 'user',
    targetId: 'u-bad',
    targetName: 'nova',
    reason: 'Repeated harassment',
    createdAt: '2026-11-21T09:30:00.000Z',
    ...overrides,
  };
}
