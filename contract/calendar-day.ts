/** `YYYY-MM-DD` of the calendar day an instant falls on in `timeZone` (en-CA writes dates that way). */
export function calendarDayIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
