/** Placeholder until this slice lands; the agent details layout routes to it. */
export default function PromptConfigurationTab() {
  return null;
}
