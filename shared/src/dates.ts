// Spec point 9: posts show month and day; the expanded view adds hour and minute; profiles a long date.
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const monthDayTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

const valid = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

export const formatMonthDay = (iso: string) => (valid(iso) ? monthDay.format(valid(iso)!) : '');
export const formatMonthDayTime = (iso: string) => (valid(iso) ? monthDayTime.format(valid(iso)!) : '');
export const formatLongDate = (iso: string) => (valid(iso) ? longDate.format(valid(iso)!) : '');
