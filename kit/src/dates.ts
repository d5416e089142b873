// Spec point 9: posts show month and day; the expanded view adds hour and minute; profiles a long date.
// The formatters are made on first use: the first Intl.DateTimeFormat of a page loads the ICU data (about 20 ms on a
// phone), which pages without dates, such as the landing page, should not pay for.
const lazyFormat = (options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined;
  return (date: Date) => {
    format ??= new Intl.DateTimeFormat('en-US', options);
    return format.format(date);
  };
};
const monthDay = lazyFormat({ month: 'short', day: 'numeric' });
const monthDayTime = lazyFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const longDate = lazyFormat({ dateStyle: 'long' });

/** `iso` formatted, or '' when it is not a date. */
const formatted = (iso: string, format: (date: Date) => string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date);
};

export const formatMonthDay = (iso: string) => formatted(iso, monthDay);
export const formatMonthDayTime = (iso: string) => formatted(iso, monthDayTime);
export const formatLongDate = (iso: string) => formatted(iso, longDate);
