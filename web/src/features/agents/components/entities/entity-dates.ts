import { dateFormats, formatDatePattern } from '../../../../lib/format-date';

/** The entity list's Last Updated, in the spec's format dd/MM/yyyy hh:mm:a ('21/11/2026 05:43:PM'). */
export const formatEntityDate = (value: string | Date) => formatDatePattern(value, dateFormats.entities);
