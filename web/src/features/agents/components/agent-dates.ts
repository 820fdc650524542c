const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The agents' date format 'dd MMM yyyy hh:mm a' (agents.md §9), in the browser's time zone:
 * '21 Nov 2026 05:43 PM'. Anything that is not a date is shown as it came.
 */
export function formatAgentDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const hours = date.getHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(date.getDate())} ${MONTHS[date.getMonth()]} ${date.getFullYear()} ${pad(twelve)}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
