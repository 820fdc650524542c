/**
 * Agents' responses are written in markdown (Try it renders it); a messaging channel shows
 * WhatsApp's own formatting instead: *bold*, _italic_, ~strike~, ```mono```. Links keep their
 * address beside the label, since a channel message cannot hide it.
 */
export function markdownToWhatsApp(text: string): string {
  return (
    text
      .replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, (_match, label: string, url: string) =>
        label === url ? url : `${label} (${url})`,
      )
      // Single-star emphasis is italic in markdown (first, before bold becomes single-star).
      .replace(/(?<!\*)\*(?!\*)(?=\S)([^*\n]+?)(?<=\S)\*(?!\*)/g, '_$1_')
      .replace(/\*\*(?=\S)([^*\n]+?)(?<=\S)\*\*/g, '*$1*')
      .replace(/__(?=\S)([^_\n]+?)(?<=\S)__/g, '*$1*')
      .replace(/~~(?=\S)([^~\n]+?)(?<=\S)~~/g, '~$1~')
      .replace(/(?<!`)`([^`\n]+)`(?!`)/g, '```$1```')
      .replace(/^#{1,6}\s+(.+)$/gm, '*$1*')
  );
}
