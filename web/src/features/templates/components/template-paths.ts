/** The Message Templates screens (platform §2.2 CONFIGURATION). */
export const TEMPLATES_PATH = '/admin/messageTemplate/whatsapp';
export const templateCreatePath = `${TEMPLATES_PATH}/create`;
export const templateEditPath = (id: string) => `${TEMPLATES_PATH}/${id}`;
/** The Sandbox phone of a Sandbox channel (built by the sandbox-phone feature). */
export const sandboxPhonePath = (channelId: string) => `/admin/sandbox-phone/${channelId}`;
