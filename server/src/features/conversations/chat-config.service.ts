import type { z } from 'zod';
import {
  conversationMessages,
  defaultWorkingHours,
  type ChatConfig,
  type chatConfigBody,
} from '@parley/contracts/conversations';
import { textArray } from '../../platform/customer-lookup';
import { rawFor, type Db } from '../../db/client';
import { AppError } from '../../platform/errors';

function toConfig(row: Record<string, unknown>): ChatConfig {
  const saved = row.config_channel !== null && row.config_channel !== undefined;
  return {
    channelId: row.id as string,
    channelName: row.name as string,
    channelType: Number(row.type),
    botAgentId: saved ? ((row.bot_agent_id as string | null) ?? null) : null,
    botAgentName: saved ? ((row.bot_agent_name as string | null) ?? null) : null,
    departmentId: saved
      ? ((row.department_id as string | null) ?? null)
      : ((row.channel_department as string | null) ?? null),
    departmentName: (row.department_name as string | null) ?? null,
    workingHours: saved ? (row.working_hours as ChatConfig['workingHours']) : defaultWorkingHours,
    outOfHoursMessage: saved ? (row.out_of_hours_message as string) : '',
    inactivityMinutes: saved ? Number(row.inactivity_minutes) : 30,
    missedMessage: saved ? (row.missed_message as string) : '',
    handoffMessage: saved ? (row.handoff_message as string) : conversationMessages.handoffDefault,
    handoffKeywords: saved ? ((row.handoff_keywords as string[]) ?? []) : [],
    offerAgentButton: saved ? Boolean(row.offer_agent_button) : true,
    handoffAfterMisses: saved ? Number(row.handoff_after_misses) : 2,
    timezone: (row.timezone as string | null) || 'Asia/Kolkata',
    updatedAt: saved ? new Date(row.updated_at as string).toISOString() : null,
  };
}

const SELECT = `
  select ch.id, ch.name, ch.type, ch.department_id as channel_department, cc.channel_id as config_channel, cc.bot_agent_id,
    a.name as bot_agent_name, coalesce(cc.department_id, ch.department_id) as department_id, d.name as department_name,
    cc.working_hours, cc.out_of_hours_message, cc.inactivity_minutes, cc.missed_message, cc.handoff_message, cc.handoff_keywords,
    cc.offer_agent_button, cc.handoff_after_misses, cc.updated_at, e.settings->>'timezone' as timezone
  from channels ch
  join enterprises e on e.id = ch.enterprise_id
  left join chat_configs cc on cc.channel_id = ch.id
  left join agents a on a.id = cc.bot_agent_id
  left join departments d on d.id = coalesce(cc.department_id, ch.department_id)`;

/** Chat Config (issue 18 §2): per channel, the bot that answers first, hours, queue and timeouts. */
export function createChatConfigService(deps: { db: Db }) {
  const raw = rawFor(deps.db);
  return {
    async list(enterpriseId: string): Promise<ChatConfig[]> {
      const { rows } = await raw(`${SELECT} where ch.enterprise_id = $1 order by lower(ch.name)`, [enterpriseId]);
      return rows.map(toConfig);
    },

    async update(enterpriseId: string, channelId: string, body: z.output<typeof chatConfigBody>): Promise<ChatConfig> {
      const { rows: channel } = await raw(`select id from channels where id = $1 and enterprise_id = $2`, [
        channelId,
        enterpriseId,
      ]);
      if (!channel[0]) throw new AppError('NOT_FOUND');
      const fieldErrors: Record<string, string> = {};
      if (body.botAgentId) {
        const { rows } = await raw(`select id from agents where id = $1 and enterprise_id = $2`, [
          body.botAgentId,
          enterpriseId,
        ]);
        if (!rows[0]) fieldErrors.botAgentId = 'This agent does not exist (any more)';
      }
      if (body.departmentId) {
        const { rows } = await raw(`select id from departments where id = $1 and enterprise_id = $2`, [
          body.departmentId,
          enterpriseId,
        ]);
        if (!rows[0]) fieldErrors.departmentId = 'This department does not exist (any more)';
      }
      const days = new Set(body.workingHours.map((day) => day.day));
      if (days.size !== 7) fieldErrors.workingHours = 'Give the hours of each weekday once';
      if (Object.keys(fieldErrors).length > 0) throw new AppError('CHAT_CONFIG_INVALID', { fieldErrors });
      const keywords = [...new Set(body.handoffKeywords.map((keyword) => keyword.trim()).filter(Boolean))];
      await raw(
        `insert into chat_configs (channel_id, enterprise_id, bot_agent_id, department_id, working_hours, out_of_hours_message,
           inactivity_minutes, missed_message, handoff_keywords, offer_agent_button, handoff_after_misses, handoff_message, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())
         on conflict (channel_id) do update set bot_agent_id = excluded.bot_agent_id, department_id = excluded.department_id,
           working_hours = excluded.working_hours, out_of_hours_message = excluded.out_of_hours_message,
           inactivity_minutes = excluded.inactivity_minutes, missed_message = excluded.missed_message,
           handoff_keywords = excluded.handoff_keywords, offer_agent_button = excluded.offer_agent_button,
           handoff_after_misses = excluded.handoff_after_misses, handoff_message = excluded.handoff_message, updated_at = now()`,
        [
          channelId,
          enterpriseId,
          body.botAgentId,
          body.departmentId,
          JSON.stringify([...body.workingHours].sort((a, b) => a.day - b.day)),
          body.outOfHoursMessage,
          body.inactivityMinutes,
          body.missedMessage,
          textArray(keywords),
          body.offerAgentButton,
          body.handoffAfterMisses,
          body.handoffMessage,
        ],
      );
      const { rows } = await raw(`${SELECT} where ch.id = $1`, [channelId]);
      return toConfig(rows[0]!);
    },
  };
}
export type ChatConfigService = ReturnType<typeof createChatConfigService>;
