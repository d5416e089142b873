import { badgeText, toUnreadCounts, unreadLabel } from './unread';

test('a link names its unread count only while there is one', () => {
  expect(unreadLabel('Notifications', 0)).toBe('Notifications');
  expect(unreadLabel('Notifications', 3)).toBe('Notifications, 3 unread');
  expect(unreadLabel('Messages', 1)).toBe('Messages, 1 unread');
  expect(unreadLabel('Messages', -2)).toBe('Messages');
});

test('the badge shows the number, nothing at 0, and 99+ past 99', () => {
  expect(badgeText(0)).toBeNull();
  expect(badgeText(7)).toBe('7');
  expect(badgeText(99)).toBe('99');
  expect(badgeText(100)).toBe('99+');
});

test('any payload becomes counts: what is missing or malformed is 0', () => {
  expect(toUnreadCounts({ notifications: 4, messages: 2 })).toEqual({ notifications: 4, messages: 2 });
  expect(toUnreadCounts({ notifications: 4 })).toEqual({ notifications: 4, messages: 0 });
  expect(toUnreadCounts({ notifications: -1, messages: 1.5 })).toEqual({ notifications: 0, messages: 0 });
  expect(toUnreadCounts({ notifications: '3', messages: null })).toEqual({ notifications: 0, messages: 0 });
  expect(toUnreadCounts(null)).toEqual({ notifications: 0, messages: 0 });
  expect(toUnreadCounts('oops')).toEqual({ notifications: 0, messages: 0 });
});
