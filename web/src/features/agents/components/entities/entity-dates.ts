const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The entity list's Last Updated, in the spec's format dd/MM/yyyy hh:mm:a ("21/11/2026 05:43:PM"),
 * in the browser's time zone; the raw value when it is not a date.
 */
export function formatEntityDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const hours = date.getHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(twelve)}:${pad(date.getMinutes())}:${hours < 12 ? 'AM' : 'PM'}`;
}
