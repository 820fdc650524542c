import { dateFormats, formatDatePattern } from '../../../lib/format-date';

/** The agents' date format 'dd MMM yyyy hh:mm a' (agents.md §9): '21 Nov 2026 05:43 PM'. */
export const formatAgentDate = (value: string | number | Date) => formatDatePattern(value, dateFormats.agents);
