/**
 * Time-of-day greeting on the visitor's own clock: the browser's local hour, so the greeting
 * follows the user's time zone, never the server's. The small hours are still the evening: "Good
 * morning" at 1 AM (issue 33) greets no one; the morning starts at 5.
 */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return 'Good morning';
  if (hour >= 12 && hour < 18) return 'Good afternoon';
  return 'Good evening';
}
